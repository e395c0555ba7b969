public import SharedError

/// Where the wallet comes from. Declared here, implemented in the payments feature's `Data/`.
public protocol WalletRepository: Sendable {
    /// The user's usable wallet.
    func fetchWallet() async throws(WalletRepositoryError) -> Wallet
}

/// The wallet repository's own vocabulary: everything a use case may need to decide about a missing wallet.
public enum WalletRepositoryError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, SourceFailure {
    /// The user has no wallet.
    case noWalletFound
    /// The wallet exists but is banned.
    case banned
    /// The wallet exists but is still being reviewed.
    case inReview(ReviewState)
    /// The wallet service failed in a way it cannot explain (a 5xx, a broken body, an unknown status).
    case unavailable(Diagnostic)
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired
    /// The call was cancelled (the user left the screen); nobody needs to hear about it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .noWalletFound: "WalletRepositoryError.noWalletFound"
        case .banned: "WalletRepositoryError.banned"
        case .inReview(let state): "WalletRepositoryError.inReview(\(state.rawValue))"
        case .unavailable: "WalletRepositoryError.unavailable"
        case .shared(let error): "WalletRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "WalletRepositoryError.sessionExpired"
        case .cancelled: "WalletRepositoryError.cancelled"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .unavailable: .default
        case .noWalletFound, .banned, .inReview, .shared, .sessionExpired: .unhandleableHere
        }
    }

    public var appWide: AppWideCondition? {
        switch self {
        case .shared(let error): .shared(error)
        case .sessionExpired: .sessionExpired
        default: nil
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .unavailable(let diagnostic) = self { return [diagnostic] }
        return [Diagnostic(error: journeyName, layer: .data)]
    }
}

extension WalletRepositoryError: SampledCases {
    public enum CaseName: CaseIterable {
        case noWalletFound, banned, inReview, unavailable, shared, sessionExpired, cancelled
    }

    public var caseName: CaseName {
        switch self {
        case .noWalletFound: .noWalletFound
        case .banned: .banned
        case .inReview: .inReview
        case .unavailable: .unavailable
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .noWalletFound: [.noWalletFound]
        case .banned: [.banned]
        case .inReview: ReviewState.allCases.map(Self.inReview)
        case .unavailable: [.unavailable(.sample)]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .cancelled: [.cancelled]
        }
    }
}
