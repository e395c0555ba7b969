import Foundation
import TestSupport
import Testing

/// The promises of the write path as properties: generated sequences of user actions, backend answers for each
/// attempt, and what happens to the process and its files, each played against the real modules
/// (``TransferWorld``). The count comes from the test budget (`ERRORFLOW_PROPERTY_SEQUENCES`: 500 by default, at
/// least 10,000 in `.ci/run`); the seed is fixed unless `ERRORFLOW_PROPERTY_SEED` gives one (`random` draws one),
/// and is printed first, so any run can be played again (`ERRORFLOW_PROPERTY_ONLY=N` plays only its N-th sequence).
/// A failing sequence is made as small as it can be, and printed with its seed.
@Suite(
    "At most once, nothing lost, signed out stays signed out, bounded: as properties",
    .timeLimit(.minutes(max(10, propertySequences / 3_000))))
struct AtMostOncePropertyTests {
    @Test @MainActor func everyGeneratedSequenceKeepsThePromises() async {
        let count = propertySequences
        let seed = Self.seed()
        print("property seed: \(seed) (ERRORFLOW_PROPERTY_SEED=\(seed)), \(count) sequences")
        let only = ProcessInfo.processInfo.environment["ERRORFLOW_PROPERTY_ONLY"].flatMap(Int.init)
        var generator = SequenceGenerator(seed: seed)
        for index in 0..<count where !Task.isCancelled {
            let sequence = generator.sequence()
            if let only, index + 1 != only { continue }
            guard let broken = await TransferWorld().play(sequence) else { continue }
            let (smallest, why) = await Self.shrink(sequence, broken: broken)
            Issue.record(
                """
                A generated sequence broke a promise.
                sequence \(index + 1) of seed \(seed): \(why)
                smallest sequence that breaks it:
                \(smallest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
            return
        }
    }

    /// The seed: `ERRORFLOW_PROPERTY_SEED` (a number, or `random`), else a fixed one.
    static func seed() -> UInt64 {
        let given = ProcessInfo.processInfo.environment["ERRORFLOW_PROPERTY_SEED"]
        if given == "random" { return UInt64.random(in: 1...UInt64.max) }
        return given.flatMap(UInt64.init) ?? 20_261_126
    }

    /// The smallest sequence found that still breaks a promise: steps and attempts left out one by one while it
    /// still fails, for 90 seconds at most.
    @MainActor
    static func shrink(_ sequence: [SequenceStep], broken: String) async -> ([SequenceStep], String) {
        var (smallest, why) = (sequence, broken)
        var shrunk = true
        let giveUp = ContinuousClock.now + .seconds(90)
        while shrunk, ContinuousClock.now < giveUp {
            shrunk = false
            for candidate in SequenceGenerator.shrinks(of: smallest) {
                if let failure = await TransferWorld().play(candidate) {
                    (smallest, why, shrunk) = (candidate, failure, true)
                    break
                }
            }
        }
        return (smallest, why)
    }
}

/// How many sequences a run plays (`ERRORFLOW_PROPERTY_SEQUENCES`, 500 by default).
private let propertySequences = TestBudget.count("ERRORFLOW_PROPERTY_SEQUENCES", short: 500)
