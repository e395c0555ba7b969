public import SharedError

/// What sending a transfer (or looking one up) can end with, in the transfer screen's terms.
public enum TransferError: BackendCallError, Hashable {
    /// Fields the user has to fix: found before sending, or refused by the backend. Shown on the fields.
    case invalid([FieldProblem])
    /// Not enough money in the wallet.
    case insufficientFunds
    /// The wallet is suspended.
    case walletBanned
    /// There is no wallet to send from.
    case noWallet
    /// No transfer has that id.
    case notFound
    /// It may or may not have gone through; sending it again with the same key is safe.
    case outcomeUnknown(Diagnostic)
    /// Nothing was sent: the device had no connection.
    case notSent
    /// Nothing was sent: the app could not record the send first, or sending could make it twice.
    case withheld(WithheldReason)
    /// Offline, timed out or signed out: the app's, not the transfer's.
    case appWide(AppWideCondition)
    /// Nothing explains it (a reused key, a failing service).
    case unknown(UnknownBusinessError)
    /// The send was cancelled; the form ignores it.
    case cancelled

    /// Raised by the domain layer.
    public static let owningLayer = JourneyLayer.domain

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the form.
    public var errorCase: ErrorCase {
        switch self {
        case .invalid(let problems): .unhandleable("invalid").naming(problems.map(\.field))
        case .insufficientFunds: .unhandleable("insufficientFunds")
        case .walletBanned: .unhandleable("walletBanned")
        case .noWallet: .unhandleable("noWallet")
        case .notFound: .unhandleable("notFound")
        case .outcomeUnknown(let diagnostic): .unhandleable("outcomeUnknown").carrying(diagnostic)
        case .notSent: .unhandleable("notSent")
        case .withheld(let reason): .unhandleable("withheld").naming(reason)
        case .appWide(let condition): .appWide(condition)
        case .unknown(let error): .default("unknown").wrapping(error)
        case .cancelled: .cancelled
        }
    }
}

/// Sends a transfer the user confirmed; the use case implements it, view-model tests stub it.
public protocol TransferSending: Sendable {
    /// Checks the form, then sends it: the backend makes it at most once, however often it is sent. The same form made
    /// earlier today returns that transfer (``Transfer/alreadySentAt``) unless `again`.
    func send(toAccount: String, amount: String, currency: String, note: String?, again: Bool)
        async throws(TransferError) -> Transfer
    /// The transfer with `id`, as it stands now.
    func status(of id: String) async throws(TransferError) -> Transfer
}
