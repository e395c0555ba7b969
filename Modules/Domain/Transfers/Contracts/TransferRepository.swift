public import SharedError

/// Where transfers are sent and looked up. Declared here, implemented in the transfers feature's `Data/`.
public protocol TransferRepository: Sendable {
    /// Sends `draft` so that the backend creates at most one transfer for it: every retry, and every later send of
    /// the same draft while the outcome of an earlier one is unknown, carries the same `Idempotency-Key`. The same
    /// draft made earlier within the key's lifetime returns that transfer (``Transfer/alreadySentAt``) unless
    /// ``TransferDraft/sendsAgain``.
    func send(_ draft: TransferDraft) async throws(TransferRepositoryError) -> Transfer
    /// The transfer with `id`, as the backend has it now.
    func transfer(id: String) async throws(TransferRepositoryError) -> Transfer
}

/// The transfer repository's own vocabulary.
public enum TransferRepositoryError: BackendCallError, Hashable {
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
    /// The request never left the device (no connection), and no earlier send of it waits: nothing was sent.
    case notSent
    /// The app did not send it: it could not record the send first, or sending could make it twice.
    case withheld(WithheldReason)
    /// The service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// Offline, timed out or signed out, while looking a transfer up; signed out, while sending one.
    case appWide(AppWideCondition)
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    /// Raised by the data layer.
    public static let owningLayer = JourneyLayer.data

    /// Cancelled is ignorable; a reused key and an unexplained failure are `default`; the rest are for the use
    /// case.
    public var errorCase: ErrorCase {
        switch self {
        case .rejected(let problems): .unhandleable("rejected").naming(problems.map(\.field))
        case .insufficientFunds: .unhandleable("insufficientFunds")
        case .walletBanned: .unhandleable("walletBanned")
        case .noWallet: .unhandleable("noWallet")
        case .notFound: .unhandleable("notFound")
        case .keyReused(let diagnostic): .default("keyReused").carrying(diagnostic)
        case .outcomeUnknown(let diagnostic): .unhandleable("outcomeUnknown").carrying(diagnostic)
        case .notSent: .unhandleable("notSent")
        case .withheld(let reason): .unhandleable("withheld").naming(reason)
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        case .cancelled: .cancelled
        }
    }
}
