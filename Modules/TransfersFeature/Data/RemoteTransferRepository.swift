public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// Transfers over `POST /v1/transfers` and `GET /v1/transfers/{id}`.
///
/// A send carries an `Idempotency-Key` (a fresh one each time; the chain's journal puts back the key of the same
/// transfer still waiting for its outcome), so the chain's retry decorator may retry it and the backend makes it at
/// most once. What a failure means depends on where it may have happened: with no connection nothing was sent
/// (`notSent`); a timeout, a dropped connection or a failing server after every retry leaves the outcome unknown
/// (`outcomeUnknown`), and sending the same transfer again under the same key is the safe way to find out.
public struct RemoteTransferRepository: TransferRepository {
    static let endpoint = "/v1/transfers"

    private let sending: RemoteCall<TransferRepositoryError>
    private let lookingUp: RemoteCall<TransferRepositoryError>
    private let baseURL: URL
    private let makeKey: @Sendable () -> String

    /// - Parameter makeKey: proposes the `Idempotency-Key` of a send; a random UUID unless a test needs to know it.
    public init(
        client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger,
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.baseURL = baseURL
        self.makeKey = makeKey
        sending = RemoteCall(
            client: client, reporter: reporter, logger: logger, ownAnswer: Self.sendAnswer,
            decodingFailure: { .outcomeUnknown($0.diagnostic) })
        lookingUp = RemoteCall(client: client, reporter: reporter, logger: logger, ownAnswer: Self.lookupAnswer)
    }

    /// Sends `draft` under a proposed `Idempotency-Key` and returns the transfer the backend made. Throws the service's
    /// own answers (`.rejected`, `.insufficientFunds`, `.walletBanned`, `.noWallet`, `.keyReused`), `.notSent` when
    /// offline, and `.outcomeUnknown` when the write may have been made.
    public func send(_ draft: TransferDraft) async throws(TransferRepositoryError) -> Transfer {
        var body = [
            "toAccount": draft.toAccount, "amount": draft.amount.decimalText, "currency": draft.amount.currency,
        ]
        if let note = draft.note { body["note"] = note }
        var request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: body)
        request.headers[HeaderName.idempotencyKey] = makeKey()
        return try await sending.perform(request, endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try TransferDecoder.decode(body)
        }
    }

    /// The transfer with `id`, as the backend has it now. Throws `.notFound` for 404 `transfer_not_found`, and passes
    /// on the app-wide conditions, cancellation and unexplained failures.
    public func transfer(id: String) async throws(TransferRepositoryError) -> Transfer {
        let path = Self.endpoint + "/" + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id)
        return try await lookingUp.perform(.getJSON(baseURL, path), endpoint: Self.endpoint + "/{id}") {
            (body: Data) throws(DecodingFailure) in try TransferDecoder.decode(body)
        }
    }

    /// What a send's failure means, by where it may have happened: the service's own answers (422 with its fields,
    /// 402, 403, 404, 409); no connection means nothing was sent; a timeout, a dropped connection, an answer that is
    /// not HTTP or a failing server after every retry leave the outcome unknown.
    static func sendAnswer(_ error: HTTPClientError) -> TransferRepositoryError? {
        switch (error.kind, error.context.serverCode) {
        case (.unexpectedStatus(422), "validation_failed"): .rejected(problems(in: error))
        case (.unexpectedStatus(402), "insufficient_funds"): .insufficientFunds
        case (.forbidden, "wallet_banned"): .walletBanned
        case (.notFound, "wallet_not_found"): .noWallet
        case (.conflict, "idempotency_key_reused"): .keyReused(error.diagnostic)
        case (.offline, _): .notSent
        case (.timedOut, _), (.connectionLost, _), (.invalidResponse, _), (.bodyTooLarge, _):
            .outcomeUnknown(error.diagnostic)
        case (let kind, _) where kind.isTransient: .outcomeUnknown(error.diagnostic)
        default: nil
        }
    }

    /// A lookup's own answer: no transfer with that id. The rest keep their shared meaning (a read).
    static func lookupAnswer(_ error: HTTPClientError) -> TransferRepositoryError? {
        (error.kind, error.context.serverCode) == (.notFound, "transfer_not_found") ? .notFound : nil
    }

    /// The 422's fields in the app's vocabulary; a field the app does not know belongs to the whole form.
    private static func problems(in error: HTTPClientError) -> [FieldProblem] {
        let problems = error.context.fieldErrors.map {
            FieldProblem(field: TransferField(rawValue: $0.field) ?? .form, code: .init(serverCode: $0.code))
        }
        return problems.isEmpty ? [FieldProblem(field: .form, code: .invalid)] : problems
    }
}

extension TransferRepositoryError: RemoteRepositoryError {}
