public import Networking
import SharedError

/// A deterministic ``RandomSource`` (``SplitMix64``) that also records what it handed out.
public final class SeededRandomSource: RandomSource {
    private let state: LockedState<(generator: SplitMix64, values: [Double])>

    /// Makes a source whose values follow from `seed` alone.
    public init(seed: UInt64) {
        state = LockedState((SplitMix64(seed: seed), []))
    }

    /// The next value in `0..<1`, recorded in ``handedOut``.
    public func nextUnitInterval() -> Double {
        state.withLock { state in
            let value = Double(state.generator.next() >> 11) / Double(UInt64(1) << 53)
            state.values.append(value)
            return value
        }
    }

    /// Every value handed out so far.
    public var handedOut: [Double] { state.withLock { $0.values } }
}

/// A ``RandomSource`` that always answers the same value, for tests that pin the jitter to its bounds.
public struct FixedRandomSource: RandomSource {
    /// The value every call answers, meant to be in `0...1`.
    public let value: Double

    /// Makes a source that always answers `value`.
    public init(_ value: Double) {
        self.value = value
    }

    /// Always ``value``.
    public func nextUnitInterval() -> Double { value }
}
