import Foundation

/// How much a property test tries: a short run in the README's test command, more where `.ci/run` sets the
/// variable (`ERRORFLOW_FUZZ_COUNT`, `ERRORFLOW_LEAK_SEEDS`, `ERRORFLOW_REDACTION_TEXTS`).
public enum TestBudget {
    /// `variable` as a count of at least 1, or `short` when it is unset or not a number.
    public static func count(_ variable: String, short: Int) -> Int {
        max(ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? short, 1)
    }
}
