/// The seeded draw of injected faults: a SplitMix64 sequence, so that the same seed, the same stream and the same
/// number of earlier draws give the same fault on every machine and in every run.
public enum SeededDraw {
    /// The starting state of the `index`-th draw of `stream` under `seed` (a stream: a numbered call, a route).
    public static func state(seed: UInt64, stream: UInt64, index: UInt64) -> UInt64 {
        seed ^ mix(stream &* golden &+ index)
    }

    /// One of `kinds` for a share `rate` of the draws, or `nil`; advances `state` by two steps.
    public static func choose<Kind>(from kinds: [Kind], rate: Double, state: inout UInt64) -> Kind? {
        guard !kinds.isEmpty, unit(&state) < rate else { return nil }
        return kinds[min(Int(unit(&state) * Double(kinds.count)), kinds.count - 1)]
    }

    /// A stable number for `text` (FNV-1a), to make a stream of a name.
    public static func stream(named text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The step of the sequence.
    public static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The next value of the sequence at `state`, in `0..<1`.
    public static func unit(_ state: inout UInt64) -> Double {
        state &+= golden
        return Double(mix(state) >> 11) / Double(UInt64(1) << 53)
    }

    /// SplitMix64's finaliser.
    public static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
