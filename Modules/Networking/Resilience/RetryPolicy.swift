/// When and how long ``RetryingHTTPClient`` waits before trying an idempotent call again.
public struct RetryPolicy: Hashable, Sendable {
    /// Sends in all, the first one included.
    public var maximumAttempts: Int
    /// The backoff ceiling of the first retry; it doubles for each further retry.
    public var baseDelay: Duration
    /// The largest backoff ceiling.
    public var maximumDelay: Duration
    /// The longest `Retry-After` the client waits for; a longer one ends the call with the value on the error.
    public var maximumRetryAfter: Duration

    /// Makes a policy: 3 attempts, backoff from 100 ms up to 2 s, and a `Retry-After` of at most 5 s waited for.
    public init(
        maximumAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(100),
        maximumDelay: Duration = .seconds(2),
        maximumRetryAfter: Duration = .seconds(5)
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The backoff ceiling before retry number `retry` (0 for the first retry): `min(maximumDelay, base·2^retry)`.
    public func backoffCeiling(forRetry retry: Int) -> Duration {
        let doublings = min(max(retry, 0), 30)
        let ceiling = baseDelay * (1 << doublings)
        return min(ceiling, maximumDelay)
    }

    /// Full jitter: a delay drawn uniformly from `0...backoffCeiling(forRetry:)`.
    public func jitteredDelay(forRetry retry: Int, random: any RandomSource) -> Duration {
        backoffCeiling(forRetry: retry) * min(max(random.nextUnitInterval(), 0), 1)
    }
}
