public import Logging
import SharedError

/// Gives the whole call one deadline: every attempt, backoff sleep, refresh wait and body download fits in it.
///
/// The deadline is written on the request, and every layer that waits honours it: the transport ends a transfer
/// at the deadline, the retry decorator never starts a sleep that would pass it (and carries the unwaited
/// `Retry-After` on the error), the refresh coordinator stops waiting for a refresh at it. Enforcing it where the
/// waiting happens, instead of racing every call against a timer task, keeps the chain's cost per call in the
/// nanoseconds (BENCHMARKS.md, bar 19). An earlier deadline already on the request is kept.
public struct DeadlineHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let timeout: Duration
    private let clock: any HTTPClock
    private let logger: Logger

    /// Makes the decorator; each call must be over `timeout` after it starts, measured on `clock`.
    public init(decoratee: any HTTPClient, timeout: Duration, clock: any HTTPClock = SystemHTTPClock(), logger: Logger)
    {
        self.decoratee = decoratee
        self.timeout = timeout
        self.clock = clock
        self.logger = logger
    }

    /// Sends `request` with a deadline `timeout` from now, or its own deadline if that is earlier. Errors pass through
    /// unchanged.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var bounded = request
        let limit = clock.now + timeout
        bounded.deadline = min(request.deadline ?? limit, limit)
        return try await decoratee.send(bounded)
    }
}
