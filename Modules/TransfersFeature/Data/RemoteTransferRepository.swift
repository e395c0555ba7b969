import Decoding
public import Domain
public import Foundation
public import KeyedWrites
public import Logging
public import Networking
import SharedError

/// Transfers over `POST /v1/transfers` and `GET /v1/transfers/{id}`.
///
/// A send carries an `Idempotency-Key` (a fresh one each time; the chain's journal puts back the key of the same
/// transfer still waiting for its outcome, or answers with the receipt of the same transfer made earlier today), so
/// the chain's retry decorator may retry it and the backend makes it at most once. What a failure means is what the
/// journal knows of the transfer afterwards: while it may have been made, the outcome is unknown (`outcomeUnknown`)
/// and sending the same transfer again under the same key is the safe way to find out; with no connection and
/// nothing waiting, nothing was sent (`notSent`); a transfer the journal would not let out was withheld
/// (`withheld`).
public struct RemoteTransferRepository: TransferRepository {
    static let endpoint = "/v1/transfers"

    /// What the contract says about `POST /v1/transfers` under a transfer's own key (ARCHITECTURE.md, "A keyed
    /// write"): the backend looks the key up before anything else it checks, so a key whose transfer was made is
    /// answered with that transfer, and these answers mean it was not made by any send under the key. A 401, and a
    /// 409 `idempotency_key_in_use` (another send under the key is being handled), made nothing themselves.
    public static let keyedOperation = KeyedOperation(
        method: .post, path: endpoint,
        notMade: [
            .init(400, "bad_request"), .init(400, "missing_idempotency_key"), .init(400, "invalid_idempotency_key"),
            .init(402, "insufficient_funds"), .init(403, "wallet_banned"), .init(404, "wallet_not_found"),
            .init(409, "idempotency_key_reused"), .init(422, "validation_failed"),
        ],
        madeNothing: [.init(401), .init(409, "idempotency_key_in_use")])

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
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            ownAnswer: Self.sendAnswer,
            decodingFailure: { .outcomeUnknown($0.diagnostic) })
        lookingUp = RemoteCall(
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            ownAnswer: Self.lookupAnswer)
    }

    /// Sends `draft` under a proposed `Idempotency-Key` and returns the transfer the backend made (or made for the same
    /// draft earlier today, with ``Transfer/alreadySentAt``, unless the draft ``TransferDraft/sendsAgain``). Throws the
    /// service's own answers (`.rejected`, `.insufficientFunds`, `.walletBanned`, `.noWallet`, `.keyReused`),
    /// `.outcomeUnknown` while the transfer may have been made, `.notSent` when offline with nothing waiting, and
    /// `.withheld` when the journal would not let it out.
    public func send(_ draft: TransferDraft) async throws(TransferRepositoryError) -> Transfer {
        var body = [
            "toAccount": draft.toAccount, "amount": draft.amount.decimalText, "currency": draft.amount.currency,
        ]
        if let note = draft.note { body["note"] = note }
        var request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: body)
        request.headers[HeaderName.idempotencyKey] = makeKey()
        request.sendsAgain = draft.sendsAgain
        return try await sending.perform(request, endpoint: Self.endpoint) {
            (answer: HTTPResponse) throws(DecodingFailure) in
            var decoded = try TransferDecoder.decode(answer.body)
            decoded.value.alreadySentAt = answer.madeEarlier
            return decoded
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

    /// The server codes of a send that tell of the app's own defect, which sending again never mends: the same key
    /// with another body (409 `idempotency_key_reused`). Their diagnostic declares ``Diagnostic/Kind/defect``.
    public static let defectCodes: Set<String> = ["idempotency_key_reused"]

    /// What a send's failure means: the service's own final answers (422 with its fields, 402, 403, 404, 409); a
    /// transfer the journal withheld; then what the journal knows of the transfer (``HTTPErrorContext/keyedWrite``):
    /// while it may have been made, the outcome is unknown, whatever this failure was (signed out aside: that goes to
    /// sign-in, and the transfer waits). Without a journal's word, by where the failure may have happened: no
    /// connection means nothing was sent; a timeout, a dropped connection, an answer that is not HTTP or a failing
    /// server after every retry leave the outcome unknown.
    static func sendAnswer(_ error: HTTPClientError) -> TransferRepositoryError? {
        switch (error.kind, error.context.serverCode) {
        case (.journalRefused(let refusal), _): return .withheld(withheldReason(refusal))
        case (.unexpectedStatus(422), "validation_failed"): return .rejected(problems(in: error))
        case (.unexpectedStatus(402), "insufficient_funds"): return .insufficientFunds
        case (.forbidden, "wallet_banned"): return .walletBanned
        case (.notFound, "wallet_not_found"): return .noWallet
        case (.conflict, let code?) where defectCodes.contains(code):
            return .keyReused(error.diagnostic.declaring(.defect))
        default: break
        }
        switch (error.context.keyedWrite, error.kind) {
        case (.pending?, let kind) where kind.appWideCondition != .sessionExpired:
            return .outcomeUnknown(error.diagnostic)
        case (.settled?, .timedOut), (.settled?, .connectionLost), (.settled?, .invalidResponse),
            (.settled?, .bodyTooLarge):
            // No attempt reached the backend: whatever failed on the way (a refresh's connection), nothing was sent.
            return .notSent
        case (.settled?, let kind) where kind.isTransient:
            return .notSent
        default:
            break
        }
        switch error.kind {
        case .offline: return .notSent
        case .timedOut, .connectionLost, .invalidResponse, .bodyTooLarge: return .outcomeUnknown(error.diagnostic)
        case let kind where kind.isTransient: return .outcomeUnknown(error.diagnostic)
        default: return nil
        }
    }

    private static func withheldReason(_ refusal: JournalRefusal) -> WithheldReason {
        switch refusal {
        case .busy: .recordBusy
        case .unusable, .tooLarge: .recordUnusable
        case .full: .recordFull
        case .unresolvedAndExpired, .waitingElsewhere: .earlierSendUnresolved
        case .madeEarlier: .alreadyMade
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
