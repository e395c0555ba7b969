public import SharedError

/// Where the wallet comes from. Declared here, implemented in the payments feature's `Data/`.
public protocol WalletRepository: Sendable {
    /// The user's usable wallet.
    func fetchWallet() async throws(WalletRepositoryError) -> Wallet
}

/// The wallet repository's own vocabulary: everything a use case may need to decide about a missing wallet.
public enum WalletRepositoryError: BackendCallError, Hashable {
    /// The user has no wallet.
    case noWalletFound
    /// The wallet exists but is banned.
    case banned
    /// The wallet exists but is still being reviewed.
    case inReview(ReviewState)
    /// The wallet service failed in a way it cannot explain (a 5xx, a broken body, an unknown status).
    case unavailable(Diagnostic)
    /// Offline, timed out or signed out: the app's, not the wallet's.
    case appWide(AppWideCondition)
    /// The call was cancelled (the user left the screen); nobody needs to hear about it.
    case cancelled

    /// Raised by the data layer.
    public static let owningLayer = JourneyLayer.data

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the use case to decide.
    public var errorCase: ErrorCase {
        switch self {
        case .noWalletFound: .unhandleable("noWalletFound")
        case .banned: .unhandleable("banned")
        case .inReview(let state): .unhandleable("inReview").naming(state)
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        case .cancelled: .cancelled
        }
    }
}
