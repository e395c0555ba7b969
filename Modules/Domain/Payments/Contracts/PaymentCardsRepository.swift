public import SharedError

/// Where the saved cards come from. Declared here, implemented in the payments feature's `Data/`.
public protocol PaymentCardsRepository: Sendable {
    /// The user's saved cards; a malformed card is left out (and reported), not fatal.
    func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard]
}

/// The payment-cards repository's own vocabulary.
public enum PaymentCardsRepositoryError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError,
    SourceFailure
{
    /// The cards service says it is down: its own answer, but no explanation for the user.
    case serviceDown
    /// The user's cards are locked.
    case cardsLocked
    /// The service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .serviceDown: "PaymentCardsRepositoryError.serviceDown"
        case .cardsLocked: "PaymentCardsRepositoryError.cardsLocked"
        case .unavailable: "PaymentCardsRepositoryError.unavailable"
        case .shared(let error): "PaymentCardsRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "PaymentCardsRepositoryError.sessionExpired"
        case .cancelled: "PaymentCardsRepositoryError.cancelled"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .serviceDown, .unavailable: .default
        case .cardsLocked, .shared, .sessionExpired: .unhandleableHere
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
        switch self {
        case .unavailable(let diagnostic): [diagnostic]
        case .serviceDown: [Diagnostic(error: journeyName, layer: .data, serverCode: "SERVICE_DOWN")]
        default: [Diagnostic(error: journeyName, layer: .data)]
        }
    }
}

extension PaymentCardsRepositoryError: SampledCases {
    public enum CaseName: CaseIterable { case serviceDown, cardsLocked, unavailable, shared, sessionExpired, cancelled }

    public var caseName: CaseName {
        switch self {
        case .serviceDown: .serviceDown
        case .cardsLocked: .cardsLocked
        case .unavailable: .unavailable
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .serviceDown: [.serviceDown]
        case .cardsLocked: [.cardsLocked]
        case .unavailable: [.unavailable(.sample)]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .cancelled: [.cancelled]
        }
    }
}
