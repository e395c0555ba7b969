import Foundation

/// A value behind a lock, for state that synchronous code (log handlers, URLSession callbacks) must share.
///
/// Not `Synchronization.Mutex`: on Linux its contended path locks through a futex inside the standard library,
/// which the thread sanitizer cannot see, so every contended `Mutex` shows up as a false data race and the TSan
/// run stops proving anything. `NSLock` is a pthread mutex, which TSan understands.
public final class LockedState<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `value` is read and written only inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Makes the lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; what `body` throws, it throws, with its type.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
