public import SharedError

/// Where the saved cards come from. Declared here, implemented in the payments feature's `Data/`.
public protocol PaymentCardsRepository: Sendable {
    /// The user's saved cards; a malformed card is left out (and reported), not fatal.
    func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard]
}

/// The payment-cards repository's own vocabulary.
public enum PaymentCardsRepositoryError: BackendCallError, Hashable {
    /// The cards service says it is down: its own answer, but no explanation for the user.
    case serviceDown
    /// The user's cards are locked.
    case cardsLocked
    /// The service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// Offline, timed out or signed out: the app's, not the cards'.
    case appWide(AppWideCondition)
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    /// Raised by the data layer.
    public static let owningLayer = JourneyLayer.data

    /// Cancelled is ignorable; a service that is down or failed is `default`, and one that says it is down names its
    /// code, so a developer sees which answer it was; the rest are for the use case.
    public var errorCase: ErrorCase {
        switch self {
        case .serviceDown: .default("serviceDown").serverCode("SERVICE_DOWN")
        case .cardsLocked: .unhandleable("cardsLocked")
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        case .cancelled: .cancelled
        }
    }
}
