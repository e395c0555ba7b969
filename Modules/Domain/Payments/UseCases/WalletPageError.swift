public import SharedError

/// What the wallet page's use case can end with. Here a missing wallet IS an error: the page exists to show it.
public enum WalletPageError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// The user has no wallet yet; the page offers to create one.
    case noWallet
    case banned
    case inReview(ReviewState)
    case shared(APIError)
    case sessionExpired
    case unknown(UnknownBusinessError)

    public static let allCases: [WalletPageError] =
        [.noWallet, .banned] + ReviewState.allCases.map(Self.inReview) + APIError.allCases.map(Self.shared)
        + [.sessionExpired, .unknown(UnknownBusinessError(underlying: ["WalletRepositoryError.unavailable"]))]

    public var journeyName: String {
        switch self {
        case .noWallet: "WalletPageError.noWallet"
        case .banned: "WalletPageError.banned"
        case .inReview(let state): "WalletPageError.inReview(\(state.rawValue))"
        case .shared(let error): "WalletPageError.shared(\(error.journeyName))"
        case .sessionExpired: "WalletPageError.sessionExpired"
        case .unknown: "WalletPageError.unknown(UnknownBusinessError)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .unknown: .default
        default: .unhandleableHere
        }
    }
}

/// Loads the wallet page; the use case implements it, view-model tests stub it.
public protocol WalletPageLoading: Sendable {
    func execute() async throws(WalletPageError) -> Wallet
}
