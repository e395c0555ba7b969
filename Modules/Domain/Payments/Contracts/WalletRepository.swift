public import SharedError

/// Where the wallet comes from. Declared here, implemented in the payments feature's `Data/`.
public protocol WalletRepository: Sendable {
    /// The user's usable wallet.
    func fetchWallet() async throws(WalletRepositoryError) -> Wallet
}

/// The wallet repository's own vocabulary: everything a use case may need to decide about a missing wallet.
public enum WalletRepositoryError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// The user has no wallet.
    case noWalletFound
    /// The wallet exists but is banned.
    case banned
    /// The wallet exists but is still being reviewed.
    case inReview(ReviewState)
    /// The wallet service failed in a way it cannot explain (a 5xx, a broken body, an unknown status).
    case unavailable
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired

    public static let allCases: [WalletRepositoryError] =
        [.noWalletFound, .banned] + ReviewState.allCases.map(Self.inReview) + [.unavailable]
        + APIError.allCases.map(Self.shared) + [.sessionExpired]

    public var journeyName: String {
        switch self {
        case .noWalletFound: "WalletRepositoryError.noWalletFound"
        case .banned: "WalletRepositoryError.banned"
        case .inReview(let state): "WalletRepositoryError.inReview(\(state.rawValue))"
        case .unavailable: "WalletRepositoryError.unavailable"
        case .shared(let error): "WalletRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "WalletRepositoryError.sessionExpired"
        }
    }

    public var category: ErrorCategory { .unhandleableHere }
}
