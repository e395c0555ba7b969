public import Logging
import SharedError

/// Gives the whole call one deadline: every attempt, backoff sleep, refresh wait and body download fits in it.
///
/// The deadline is written on the request, so the decorators inside can decline a wait that would not fit, and
/// the call is raced against it, so nothing inside can overrun it. Cancelling the calling task ends the call
/// with ``HTTPClientError/Kind/cancelled`` at once.
public struct DeadlineHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let timeout: Duration
    private let clock: any HTTPClock
    private let logger: Logger

    public init(decoratee: any HTTPClient, timeout: Duration, clock: any HTTPClock = SystemHTTPClock(), logger: Logger)
    {
        self.decoratee = decoratee
        self.timeout = timeout
        self.clock = clock
        self.logger = logger
    }

    private enum Finish: Sendable {
        case completed(Result<HTTPResponse, HTTPClientError>)
        case deadlinePassed
        case cancelled
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var request = request
        let deadline = min(request.deadline ?? (clock.now + timeout), clock.now + timeout)
        request.deadline = deadline
        let bounded = request

        let finish = await withTaskGroup(of: Finish.self) { group in
            group.addTask {
                do throws(HTTPClientError) {
                    return .completed(.success(try await decoratee.send(bounded)))
                } catch {
                    return .completed(.failure(error))
                }
            }
            group.addTask {
                do {
                    try await clock.sleep(until: deadline)
                    return .deadlinePassed
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }

        switch finish {
        case .completed(.success(let response)):
            return response
        case .completed(.failure(let error)):
            throw error
        case .cancelled:
            throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: bounded))
        case .deadlinePassed:
            let error = HTTPClientError(
                kind: .timedOut, context: HTTPErrorContext(request: bounded, underlying: "deadline passed"))
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .networking, module: "Networking", action: .mapped,
                    from: "deadline of \(timeout.formattedSeconds) passed", to: error.journeyName, waited: timeout),
                level: .warning
            )
            throw error
        }
    }
}
