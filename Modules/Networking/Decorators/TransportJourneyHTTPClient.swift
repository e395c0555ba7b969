public import Logging
import SharedError

/// Records, as the networking layer's journey step, how the transport's failure became a kind: `URLError.cannot…
/// → HTTPClientError.offline`, `connection closed before any answer → HTTPClientError.connectionLost`.
///
/// The transport itself records nothing: one transport serves a whole process, while each app records its
/// journey with its own logger. So the chain puts this decorator right above the transport, and the step is
/// recorded where the app's journey is. A timeout's step carries the time the call allowed the transport (its
/// deadline), which is the time it waited.
public struct TransportJourneyHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let clock: any HTTPClock
    private let journey: JourneyRecorder

    /// Makes the decorator; `clock` measures how long a failed call waited.
    public init(decoratee: any HTTPClient, clock: any HTTPClock = SystemHTTPClock(), logger: Logger) {
        self.decoratee = decoratee
        self.clock = clock
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends `request` unchanged; for a failure other than cancellation it records one journey step at the transport,
    /// then throws the same error.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let started = clock.now
        do throws(HTTPClientError) {
            return try await decoratee.send(request)
        } catch {
            guard error.kind != .cancelled else { throw error }
            journey.record(
                .mapped, from: error.context.underlying ?? "the transport", to: error.journeyName,
                category: error.category, origin: .transport,
                waited: error.kind == .timedOut ? request.deadline.map { $0 - started } : nil, level: .warning)
            throw error
        }
    }
}
