import Foundation
public import Logging
public import Networking
import SharedError

/// Journals every keyed write (a POST or PATCH with an `Idempotency-Key`) in ``PendingWrites`` before it is sent, and
/// tells the journal how each send ended, so that a write whose answer never came is sent again only under its own
/// key: by a retry, by the same command run again, or after the process was killed.
///
/// - The same write pending in the journal goes out under its journalled key; the same write made within its key's
///   lifetime is not sent: the answer is its receipt (unless the request ``HTTPRequest/sendsAgain``). The journey
///   says which.
/// - When the journal refuses the write (``JournalRefusal``), nothing is sent: the call fails with
///   ``HTTPClientError/Kind/journalRefused(_:)``.
/// - How a send ended is decided from all of its attempts, which ``KeyedWriteAttemptsHTTPClient`` (below the retry
///   and authentication decorators) records, never from the last failure alone. A 2xx answer is handed on with its
///   ``JournalledWrite``: only whoever reads it knows whether the write's receipt was understood
///   (``RemoteCall`` settles it). A failure carries what the journal knows afterwards
///   (``HTTPErrorContext/keyedWrite``).
/// - Requests without a key, and idempotent methods, pass through untouched.
public struct JournalingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let journal: PendingWrites
    private let user: @Sendable () async -> String?
    private let journey: JourneyRecorder

    /// Makes the decorator over `journal`; `user` names the signed-in user a write belongs to.
    public init(
        decoratee: any HTTPClient, journal: PendingWrites, user: @escaping @Sendable () async -> String? = { nil },
        logger: Logger
    ) {
        self.decoratee = decoratee
        self.journal = journal
        self.user = user
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends a keyed write under the journal's key for it (or answers with the receipt of the same write made
    /// earlier), and returns the answer with its ``JournalledWrite`` for the reader to settle; other requests pass
    /// through.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard !request.method.isIdempotentByDefinition, let proposed = request.headers[HeaderName.idempotencyKey]
        else { return try await decoratee.send(request) }

        let start: PendingWrites.Start
        do throws(JournalRefusal) {
            start = try await journal.begin(request, proposing: proposed, user: await user(), again: request.sendsAgain)
        } catch {
            throw HTTPClientError(kind: .journalRefused(error), context: HTTPErrorContext(request: request))
        }
        let operation = "\(request.method) \(journal.contractPath(of: request.url))"
        switch start {
        case .receipt(let receipt):
            journey.record(
                .recovered, from: "the same \(operation), made earlier under its Idempotency-Key",
                to: "its receipt shown; nothing sent", category: .recoverable, origin: .networking)
            var response = HTTPResponse(status: receipt.status, body: Data(receipt.body?.utf8 ?? "".utf8))
            response.madeEarlier = receipt.madeAt
            return response
        case .send(let key, let send, let earlier):
            if earlier != nil {
                journey.record(
                    .recovered, from: "an earlier \(operation) whose outcome is unknown",
                    to: "sent again under its Idempotency-Key, so it is made at most once", category: .recoverable,
                    origin: .networking)
            }
            var keyed = request
            keyed.headers[HeaderName.idempotencyKey] = key
            let attempts = KeyedWriteAttempts(key: key, operation: journal.operation(of: request))
            let result = await KeyedWriteAttempts.$current.withValue(attempts) {
                () async -> Result<HTTPResponse, HTTPClientError> in
                do throws(HTTPClientError) {
                    return .success(try await decoratee.send(keyed))
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(var response):
                response.journalled = JournalledWrite(
                    key: key, send: send.description, journal: ObjectIdentifier(journal),
                    settle: { [journal] answer in _ = await journal.endMade(key: key, send: send, answer: answer) },
                    leaveUnknown: { [journal] in _ = await journal.end(key: key, send: send, outcome: .mayBeMade) })
                return response
            case .failure(var error):
                error.context.keyedWrite = await journal.end(key: key, send: send, outcome: attempts.outcome)
                throw error
            }
        }
    }
}

extension PendingWrites {
    /// The chain's two links over this journal: ``JournalingHTTPClient`` and ``KeyedWriteAttemptsHTTPClient``; `user`
    /// names the signed-in user a write belongs to.
    public nonisolated func chainLinks(user: @escaping @Sendable () async -> String?, logger: Logger) -> KeyedWriteLinks
    {
        KeyedWriteLinks(
            journaling: { JournalingHTTPClient(decoratee: $0, journal: self, user: user, logger: logger) },
            attempts: { KeyedWriteAttemptsHTTPClient(decoratee: $0) })
    }
}
