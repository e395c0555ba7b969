/// Random numbers for backoff jitter, injected so tests can use a seeded sequence.
public protocol RandomSource: Sendable {
    /// A value in `0...1`.
    func nextUnitInterval() -> Double
}

/// The system's random number generator.
public struct SystemRandomSource: RandomSource {
    /// Makes a source backed by the system's generator.
    public init() {}

    /// A uniformly random value in `0...1`.
    public func nextUnitInterval() -> Double {
        Double.random(in: 0...1)
    }
}
