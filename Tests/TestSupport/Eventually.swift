public import Testing

/// Waits, yielding, until `condition` holds; after `timeLimit` it records a failure and returns instead of hanging
/// the run. For tests that wait for another task to reach a point (a request sent, a sleeper asleep).
@discardableResult
public func eventually(
    _ what: String, within timeLimit: Duration = .seconds(50), isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async -> Bool {
    let start = ContinuousClock.now
    while await !condition() {
        guard ContinuousClock.now - start < timeLimit, !Task.isCancelled else {
            Issue.record("gave up waiting for \(what) after \(timeLimit)", sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
