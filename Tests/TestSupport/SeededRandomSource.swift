public import Networking
import Synchronization

/// A deterministic ``RandomSource`` (SplitMix64) that also records what it handed out.
public final class SeededRandomSource: RandomSource {
    private let state: Mutex<(seed: UInt64, values: [Double])>

    public init(seed: UInt64) {
        state = Mutex((seed, []))
    }

    public func nextUnitInterval() -> Double {
        state.withLock { state in
            state.seed &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state.seed
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            let value = Double(mixed >> 11) / Double(UInt64(1) << 53)
            state.values.append(value)
            return value
        }
    }

    /// Every value handed out so far.
    public var handedOut: [Double] { state.withLock { $0.values } }
}

/// A ``RandomSource`` that always answers the same value, for tests that pin the jitter to its bounds.
public struct FixedRandomSource: RandomSource {
    public let value: Double

    public init(_ value: Double) {
        self.value = value
    }

    public func nextUnitInterval() -> Double { value }
}
