public import Networking
import SharedError

/// Tells the send of a keyed write under way (``KeyedWriteAttempts/current``, set by ``JournalingHTTPClient``) what
/// each of its attempts showed: the first send, every retry and every replay after a token refresh pass through here,
/// one by one, with their own answer. Sits just below the retry decorator, above status mapping, so it reads typed
/// kinds and server codes. Other requests (reads, the refresh call, another key) pass through untouched.
public struct KeyedWriteAttemptsHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient

    /// Makes the observer over `decoratee`.
    public init(decoratee: any HTTPClient) {
        self.decoratee = decoratee
    }

    /// Sends `request`, and records what its answer or failure shows about the keyed write it belongs to, if any.
    /// A send cancelled before it starts is not made at all.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard let attempts = KeyedWriteAttempts.current, request.headers[HeaderName.idempotencyKey] == attempts.key
        else { return try await decoratee.send(request) }
        if Task.isCancelled {
            attempts.record(.madeNothing)
            throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        }
        do throws(HTTPClientError) {
            let response = try await decoratee.send(request)
            attempts.record(.answered)
            return response
        } catch {
            attempts.record(attempts.operation.evidence(of: error))
            throw error
        }
    }
}

/// The attempts of one send of a keyed write, as ``KeyedWriteAttemptsHTTPClient`` records them, and what they add up
/// to (``outcome``).
final class KeyedWriteAttempts: Sendable {
    /// The send under way in this task, if any.
    @TaskLocal static var current: KeyedWriteAttempts?

    let key: String
    let operation: KeyedOperation
    private let evidence = LockedState<[AttemptEvidence]>([])

    init(key: String, operation: KeyedOperation) {
        self.key = key
        self.operation = operation
    }

    func record(_ shown: AttemptEvidence) {
        evidence.withLock { $0.append(shown) }
    }

    /// What the attempts of a send that failed add up to: a final answer under the key settles it; otherwise an
    /// attempt that may have reached the backend (or an answer nobody read) leaves it maybe made; otherwise nothing
    /// reached it.
    var outcome: KeyedWrite.Outcome {
        let shown = evidence.withLock { $0 }
        if shown.contains(.notMade) { return .notMade }
        if shown.contains(.mayBeMade) || shown.contains(.answered) { return .mayBeMade }
        return .notReached
    }
}
