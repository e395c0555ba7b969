public import SharedError

/// Where the saved cards come from. Declared here, implemented in the payments feature's `Data/`.
public protocol PaymentCardsRepository: Sendable {
    /// The user's saved cards; a malformed card is left out (and reported), not fatal.
    func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard]
}

/// The payment-cards repository's own vocabulary.
public enum PaymentCardsRepositoryError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// The cards service says it is down.
    case serviceDown
    /// The user's cards are locked.
    case cardsLocked
    /// The service failed in a way it cannot explain.
    case unavailable
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired

    public static let allCases: [PaymentCardsRepositoryError] =
        [.serviceDown, .cardsLocked, .unavailable] + APIError.allCases.map(Self.shared) + [.sessionExpired]

    public var journeyName: String {
        switch self {
        case .serviceDown: "PaymentCardsRepositoryError.serviceDown"
        case .cardsLocked: "PaymentCardsRepositoryError.cardsLocked"
        case .unavailable: "PaymentCardsRepositoryError.unavailable"
        case .shared(let error): "PaymentCardsRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "PaymentCardsRepositoryError.sessionExpired"
        }
    }

    public var category: ErrorCategory { .unhandleableHere }
}
