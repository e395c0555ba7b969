public import SharedError

/// Where transfers are sent and looked up. Declared here, implemented in the transfers feature's `Data/`.
public protocol TransferRepository: Sendable {
    /// Sends `draft` once under `idempotencyKey`: every retry of it carries the same key, so the backend creates at
    /// most one transfer for it.
    func send(_ draft: TransferDraft, idempotencyKey: String) async throws(TransferRepositoryError) -> Transfer
    /// The transfer with `id`, as the backend has it now.
    func transfer(id: String) async throws(TransferRepositoryError) -> Transfer
}

/// The transfer repository's own vocabulary.
public enum TransferRepositoryError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// The backend refused fields of the transfer (422 `validation_failed`).
    case rejected([FieldProblem])
    /// Not enough money in the wallet (402 `insufficient_funds`).
    case insufficientFunds
    /// The wallet is banned (403 `wallet_banned`).
    case walletBanned
    /// The user has no wallet to send from (404 `wallet_not_found`).
    case noWallet
    /// No transfer has that id (404 `transfer_not_found`).
    case notFound
    /// The key was already used with another body (409 `idempotency_key_reused`): a defect of the client, which
    /// must never reuse a key for a different transfer.
    case keyReused(Diagnostic)
    /// The request may have reached the backend and nobody knows whether the transfer was made (a timeout, a
    /// dropped connection or a failing server, after every retry with the same key).
    case outcomeUnknown(Diagnostic)
    /// The request never left the device (no connection): nothing was sent.
    case notSent
    /// The service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// An app-wide network condition while looking a transfer up.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .rejected(let problems):
            "TransferRepositoryError.rejected(\(problems.map(\.field.rawValue).joined(separator: ",")))"
        case .shared(let error): "TransferRepositoryError.shared(\(error.journeyName))"
        default: "TransferRepositoryError.\(caseName)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .keyReused, .unavailable: .default
        case .rejected, .insufficientFunds, .walletBanned, .noWallet, .notFound, .outcomeUnknown, .notSent, .shared,
            .sessionExpired:
            .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        switch self {
        case .keyReused(let diagnostic), .outcomeUnknown(let diagnostic), .unavailable(let diagnostic): [diagnostic]
        default: [Diagnostic(error: journeyName, layer: .data)]
        }
    }
}

extension TransferRepositoryError: SampledCases {
    public enum CaseName: CaseIterable {
        case rejected, insufficientFunds, walletBanned, noWallet, notFound, keyReused, outcomeUnknown, notSent
        case unavailable, shared, sessionExpired, cancelled
    }

    public var caseName: CaseName {
        switch self {
        case .rejected: .rejected
        case .insufficientFunds: .insufficientFunds
        case .walletBanned: .walletBanned
        case .noWallet: .noWallet
        case .notFound: .notFound
        case .keyReused: .keyReused
        case .outcomeUnknown: .outcomeUnknown
        case .notSent: .notSent
        case .unavailable: .unavailable
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .rejected: [.rejected([FieldProblem(field: .amount, code: .tooLarge)])]
        case .insufficientFunds: [.insufficientFunds]
        case .walletBanned: [.walletBanned]
        case .noWallet: [.noWallet]
        case .notFound: [.notFound]
        case .keyReused: [.keyReused(.sample)]
        case .outcomeUnknown: [.outcomeUnknown(.sample)]
        case .notSent: [.notSent]
        case .unavailable: [.unavailable(.sample)]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .cancelled: [.cancelled]
        }
    }
}
