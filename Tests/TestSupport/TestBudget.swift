import Foundation

/// How much a property test tries: a short run in the README's test command, more where `.ci/run` sets the
/// variable (`ERRORFLOW_FUZZ_COUNT`, `ERRORFLOW_LEAK_SEEDS`, `ERRORFLOW_REDACTION_TEXTS`).
public enum TestBudget {
    /// `variable` as a count of at least 1, or `short` when it is unset or not a number.
    public static func count(_ variable: String, short: Int) -> Int {
        max(ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? short, 1)
    }
}

/// How many times slower than a plain debug run this test run may be: `ERRORFLOW_TEST_SLOWDOWN` (the thread
/// sanitizer's step in `.ci/run` sets 4), 1 otherwise. Every wall-clock bound of the tests is multiplied by it: a
/// suite's time limit, a wait for a signal, a process's run. A bound ends a hang; it never judges speed (decision
/// 0086), and a sanitized run of every test at once is several times slower than a plain one.
public enum TestSlowdown {
    /// The factor, at least 1.
    public static let factor = TestBudget.count("ERRORFLOW_TEST_SLOWDOWN", short: 1)

    /// `bound`, stretched by ``factor``.
    public static func stretched(_ bound: Duration) -> Duration {
        bound * factor
    }
}
