import SharedError

/// A count that any task may bump.
public final class Counter: Sendable {
    private let storage = LockedState(0)

    /// Makes a count at zero.
    public init() {}

    /// The count now.
    public var value: Int { storage.withLock { $0 } }

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int {
        storage.withLock {
            $0 += 1
            return $0
        }
    }
}
