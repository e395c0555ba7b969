public import SharedError

/// What the wallet page's use case can end with. Here a missing wallet IS an error: the page exists to show it.
public enum WalletPageError: BackendCallError, Hashable {
    /// The user has no wallet yet; the page offers to create one.
    case noWallet
    /// The wallet is suspended.
    case banned
    /// The wallet is still being reviewed.
    case inReview(ReviewState)
    /// Offline, timed out or signed out: the app's, not the page's.
    case appWide(AppWideCondition)
    /// Nothing explains it (the wallet service failed).
    case unknown(UnknownBusinessError)
    /// The load was cancelled; the page ignores it.
    case cancelled

    /// Raised by the domain layer.
    public static let owningLayer = JourneyLayer.domain

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the page to word.
    public var errorCase: ErrorCase {
        switch self {
        case .noWallet: .unhandleable("noWallet")
        case .banned: .unhandleable("banned")
        case .inReview(let state): .unhandleable("inReview").naming(state)
        case .appWide(let condition): .appWide(condition)
        case .unknown(let error): .default("unknown").wrapping(error)
        case .cancelled: .cancelled
        }
    }
}

/// Loads the wallet page; the use case implements it, view-model tests stub it.
public protocol WalletPageLoading: Sendable {
    /// The user's wallet, or why the page cannot show one.
    func execute() async throws(WalletPageError) -> Wallet
}
