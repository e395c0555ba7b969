public import SharedError

/// What the wallet page's use case can end with. Here a missing wallet IS an error: the page exists to show it.
public enum WalletPageError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// The user has no wallet yet; the page offers to create one.
    case noWallet
    case banned
    case inReview(ReviewState)
    case shared(APIError)
    case sessionExpired
    case unknown(UnknownBusinessError)
    /// The load was cancelled; the page ignores it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .noWallet: "WalletPageError.noWallet"
        case .banned: "WalletPageError.banned"
        case .inReview(let state): "WalletPageError.inReview(\(state.rawValue))"
        case .shared(let error): "WalletPageError.shared(\(error.journeyName))"
        case .sessionExpired: "WalletPageError.sessionExpired"
        case .unknown: "WalletPageError.unknown(UnknownBusinessError)"
        case .cancelled: "WalletPageError.cancelled"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .unknown: .default
        case .noWallet, .banned, .inReview, .shared, .sessionExpired: .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .unknown(let error) = self { return error.diagnostics }
        return [Diagnostic(error: journeyName, layer: .domain)]
    }
}

extension WalletPageError: SampledCases {
    public enum CaseName: CaseIterable { case noWallet, banned, inReview, shared, sessionExpired, unknown, cancelled }

    public var caseName: CaseName {
        switch self {
        case .noWallet: .noWallet
        case .banned: .banned
        case .inReview: .inReview
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .noWallet: [.noWallet]
        case .banned: [.banned]
        case .inReview: ReviewState.allCases.map(Self.inReview)
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .unknown: [.unknown(UnknownBusinessError(underlying: [.sample]))]
        case .cancelled: [.cancelled]
        }
    }
}

/// Loads the wallet page; the use case implements it, view-model tests stub it.
public protocol WalletPageLoading: Sendable {
    func execute() async throws(WalletPageError) -> Wallet
}
