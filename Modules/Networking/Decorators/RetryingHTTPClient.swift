public import Logging
import SharedError

/// Tries idempotent calls again after transient failures: 408, 429, 500, 502, 503, 504 and a dropped connection.
///
/// - Only idempotent requests are retried: GET, HEAD, PUT, DELETE, OPTIONS, and a POST or PATCH that carries an
///   `Idempotency-Key`. A plain POST is sent once.
/// - Waits use exponential backoff with full jitter, on the injected clock and random source.
/// - A `Retry-After` (seconds or HTTP date) replaces the backoff. One past the call's deadline or above
///   ``RetryPolicy/maximumRetryAfter`` is not waited for: the call ends with the value on the error. An HTTP date is
///   measured on the backend's clock (``ServerClock``): the answer's own `Date`, or the skew an earlier answer showed.
/// - Each retry is paid for from the ``RetryBudget`` every call to the backend shares; when the budget cannot pay,
///   the call ends with its own error and a journey step that names the spent budget. Each 2xx answer refills it.
public struct RetryingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let policy: RetryPolicy
    private let clock: any HTTPClock
    private let random: any RandomSource
    private let budget: RetryBudget
    private let serverClock: ServerClock
    private let journey: JourneyRecorder

    /// Makes the decorator; `clock` and `random` time the backoff, so tests can make it instant and repeatable.
    /// - Parameter resilience: the retry budget and the clock of the backend, shared with every other chain the
    ///   process sends to it; a new one by default.
    public init(
        decoratee: any HTTPClient,
        policy: RetryPolicy = RetryPolicy(),
        clock: any HTTPClock = SystemHTTPClock(),
        random: any RandomSource = SystemRandomSource(),
        resilience: BackendResilience = BackendResilience(),
        logger: Logger
    ) {
        self.decoratee = decoratee
        self.policy = policy
        self.clock = clock
        self.random = random
        self.budget = resilience.retryBudget
        self.serverClock = resilience.serverClock
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends `request`, and sends an idempotent one again after a transient failure, up to the policy's attempts.
    /// Throws the last failure when no attempt succeeded, with any `Retry-After` that was not waited for.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var attempt = request
        var retry = 0
        var earlier: HTTPClientError?
        var lastPrice = 0
        while true {
            do throws(HTTPClientError) {
                var response = try await decoratee.send(attempt)
                response.attempt = max(response.attempt, attempt.attempt)
                if let date = response.headers[ServerClock.dateHeader] {
                    serverClock.observe(dateHeader: date, deviceNow: clock.wallClockNow)
                }
                budget.refill(retry == 0 ? budget.settings.refill : lastPrice)
                return response
            } catch {
                if let date = error.context.serverDate {
                    serverClock.observe(serverDate: date, deviceNow: clock.wallClockNow)
                }
                if let earlier, error.kind == .offline, !request.method.isIdempotentByDefinition {
                    // No connection now says nothing about the attempt before, which may have reached the backend:
                    // the write's outcome stays what that attempt left it.
                    throw notWaited(earlier, because: "attempt \(attempt.attempt) found no connection")
                }
                earlier = error
                // Retrying is how this layer recovers, and only a transient failure of an idempotent call is its to
                // recover from.
                let canRecover = error.category == .recoverable && request.isIdempotent && error.kind.isTransient
                guard canRecover, attempt.attempt < policy.maximumAttempts else { throw error }
                let delay = try wait(after: error, retry: retry, request: attempt)
                lastPrice = budget.settings.price(after: error.kind)
                guard budget.spend(lastPrice) else {
                    throw notWaited(
                        error,
                        because: "retry budget spent (\(budget.available) of \(budget.settings.capacity) left)")
                }
                journey.record(
                    .retried, from: error.journeyName,
                    to:
                        "attempt \(attempt.attempt + 1) of \(request.method) \(request.path) after \(delay.formattedSeconds)",
                    category: error.category, origin: .networking, waited: delay)
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: attempt))
                }
                attempt.attempt += 1
                retry += 1
            }
        }
    }

    /// How long to wait before the next attempt, or the error to end the call with.
    private func wait(after error: HTTPClientError, retry: Int, request: HTTPRequest) throws(HTTPClientError)
        -> Duration
    {
        let delay: Duration
        if let retryAfter = error.context.retryAfter {
            let serverNow = error.context.serverDate ?? serverClock.now(deviceNow: clock.wallClockNow)
            delay = retryAfter.delay(from: serverNow)
            if delay > policy.maximumRetryAfter {
                throw notWaited(
                    error,
                    because:
                        "Retry-After \(retryAfter) is above the maximum of \(policy.maximumRetryAfter.formattedSeconds)"
                )
            }
        } else {
            delay = policy.jitteredDelay(forRetry: retry, random: random)
        }
        if let deadline = request.deadline, clock.now + delay >= deadline {
            throw notWaited(error, because: "waiting \(delay.formattedSeconds) would pass the deadline")
        }
        return delay
    }

    private func notWaited(_ error: HTTPClientError, because reason: String) -> HTTPClientError {
        journey.record(
            .forwarded, from: error.journeyName, to: "\(error.journeyName), not retried: \(reason)",
            category: error.category, origin: .networking, level: .warning)
        return error
    }
}
