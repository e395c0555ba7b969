public import Testing

/// Waits, yielding, until `condition` holds; after `timeLimit` it records a failure and returns instead of hanging
/// the run. For tests that wait for another task to reach a point (a request sent, a sleeper asleep). The default
/// limit is generous on purpose: under the thread sanitizer on two cores a whole run can stall for most of a minute,
/// and the tests' own time limits (three minutes) still end a real hang.
@discardableResult
public func eventually(
    _ what: String, within timeLimit: Duration = .seconds(120), isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async -> Bool {
    let start = ContinuousClock.now
    let timeLimit = TestSlowdown.stretched(timeLimit)
    while await !condition() {
        guard ContinuousClock.now - start < timeLimit, !Task.isCancelled else {
            Issue.record("gave up waiting for \(what) after \(timeLimit)", sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
