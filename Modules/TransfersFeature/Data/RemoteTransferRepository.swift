public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// Transfers over `POST /v1/transfers` and `GET /v1/transfers/{id}`.
///
/// A send carries its `Idempotency-Key`, so the chain's retry decorator may retry it and the backend makes it at
/// most once. What a failure means depends on where it may have happened: with no connection nothing was sent
/// (`notSent`); a timeout, a dropped connection or a failing server after every retry leaves the outcome unknown
/// (`outcomeUnknown`), and sending the same transfer again under the same key is the safe way to find out.
public struct RemoteTransferRepository: TransferRepository {
    static let endpoint = "/v1/transfers"

    private let sending: RemoteCall<TransferRepositoryError>
    private let lookingUp: RemoteCall<TransferRepositoryError>
    private let baseURL: URL

    public init(
        client: any HTTPClient, baseURL: URL, reporter: any ClientReporting,
        observer: (any BackendAnswerObserving)? = nil, logger: Logger
    ) {
        self.baseURL = baseURL
        sending = RemoteCall(
            client: client, reporter: reporter, module: "TransfersFeature", logger: logger,
            mapHTTPError: Self.sendError(for:), mapDecodingFailure: { .outcomeUnknown($0.diagnostic) },
            observer: observer)
        lookingUp = RemoteCall(
            client: client, reporter: reporter, module: "TransfersFeature", logger: logger,
            mapHTTPError: Self.lookupError(for:), mapDecodingFailure: { .unavailable($0.diagnostic) },
            observer: observer)
    }

    public func send(_ draft: TransferDraft, idempotencyKey: String) async throws(TransferRepositoryError) -> Transfer {
        var body = [
            "toAccount": draft.toAccount, "amount": draft.amount.decimalText, "currency": draft.amount.currency,
        ]
        if let note = draft.note { body["note"] = note }
        var request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: body)
        request.headers[HeaderName.idempotencyKey] = idempotencyKey
        return try await sending.perform(request, endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try TransferDecoder.decode(body)
        }
    }

    public func transfer(id: String) async throws(TransferRepositoryError) -> Transfer {
        let path = Self.endpoint + "/" + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id)
        return try await lookingUp.perform(.getJSON(baseURL, path), endpoint: Self.endpoint + "/{id}") {
            (body: Data) throws(DecodingFailure) in try TransferDecoder.decode(body)
        }
    }

    /// A send's failure, decided by its category first (``ErrorPolicy``), then by where it may have happened.
    static func sendError(for error: HTTPClientError) -> TransferRepositoryError {
        if ErrorPolicy.reaction(to: error.category) == .ignore { return .cancelled }
        switch (error.kind, error.context.serverCode) {
        case (.unexpectedStatus(422), "validation_failed"): return .rejected(problems(in: error))
        case (.unexpectedStatus(402), "insufficient_funds"): return .insufficientFunds
        case (.forbidden, "wallet_banned"): return .walletBanned
        case (.notFound, "wallet_not_found"): return .noWallet
        case (.conflict, "idempotency_key_reused"): return .keyReused(error.diagnostic)
        case (.unauthorized, _), (.sessionExpired, _): return .sessionExpired
        case (.offline, _): return .notSent
        case (.timedOut, _), (.connectionLost, _), (.invalidResponse, _), (.bodyTooLarge, _):
            return .outcomeUnknown(error.diagnostic)
        case (let kind, _) where kind.isTransient: return .outcomeUnknown(error.diagnostic)
        default: return .unavailable(error.diagnostic)
        }
    }

    /// A lookup's failure: a read, so the app-wide conditions keep their shared meaning.
    static func lookupError(for error: HTTPClientError) -> TransferRepositoryError {
        if ErrorPolicy.reaction(to: error.category) == .ignore { return .cancelled }
        switch (error.kind, error.context.serverCode) {
        case (.notFound, "transfer_not_found"): return .notFound
        case (.unauthorized, _), (.sessionExpired, _): return .sessionExpired
        case (let kind, _):
            return kind.sharedError.map(TransferRepositoryError.shared) ?? .unavailable(error.diagnostic)
        }
    }

    /// The 422's fields in the app's vocabulary; a field the app does not know belongs to the whole form.
    private static func problems(in error: HTTPClientError) -> [FieldProblem] {
        let problems = error.context.fieldErrors.map {
            FieldProblem(field: TransferField(rawValue: $0.field) ?? .form, code: .init(serverCode: $0.code))
        }
        return problems.isEmpty ? [FieldProblem(field: .form, code: .invalid)] : problems
    }
}
