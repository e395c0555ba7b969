public import W3CTraceContext

/// Trace, span and request ids, drawn from one generator per process that the system's random source seeds once: as
/// unique as ids drawn from the system each time (no two draws of a process repeat within 2^64, and processes start
/// from unrelated points), without a system call per id. Ids name requests in logs; they guard nothing, so they
/// need no cryptographic generator.
public enum RandomIDs {
    private static let generator = LockedState(SplitMix64(seed: UInt64.random(in: .min ... .max)))

    /// A new trace id.
    public static func traceID() -> TraceID {
        generator.withLock { TraceID.random(using: &$0) }
    }

    /// A new span id.
    public static func spanID() -> SpanID {
        generator.withLock { SpanID.random(using: &$0) }
    }

    /// A new 64-bit number for an id that names one request.
    public static func number() -> UInt64 {
        generator.withLock { $0.next() }
    }
}

/// SplitMix64 (Steele, Lea and Flood): a counter through a 64-bit bijection, so its outputs never repeat within
/// its period of 2^64. Small and fast; the same seed always gives the same sequence (the tests' generated runs are
/// replayed from their printed seed).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Makes a generator that starts at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
