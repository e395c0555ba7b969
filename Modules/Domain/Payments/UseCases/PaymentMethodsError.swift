public import SharedError

/// What the payment-methods use case can end with, besides a list.
public enum PaymentMethodsError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// Every source was left out for an explained reason: the user has nothing to pay with. Not an alert.
    case noPaymentMethodsFound
    /// An app-wide network condition met on the way; Navigation shows it.
    case shared(APIError)
    /// The session ended while loading; Navigation routes to sign-in.
    case sessionExpired
    /// Nothing is left and at least one source failed for no explained reason.
    case unknown(UnknownBusinessError)

    public static let allCases: [PaymentMethodsError] =
        [.noPaymentMethodsFound] + APIError.allCases.map(Self.shared)
        + [.sessionExpired, .unknown(UnknownBusinessError(underlying: ["WalletRepositoryError.unavailable"]))]

    public var journeyName: String {
        switch self {
        case .noPaymentMethodsFound: "PaymentMethodsError.noPaymentMethodsFound"
        case .shared(let error): "PaymentMethodsError.shared(\(error.journeyName))"
        case .sessionExpired: "PaymentMethodsError.sessionExpired"
        case .unknown: "PaymentMethodsError.unknown(UnknownBusinessError)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .noPaymentMethodsFound: .unhandleableHere
        case .shared, .sessionExpired: .unhandleableHere
        case .unknown: .default
        }
    }
}

/// Loads the payment methods; the use case implements it, view-model tests stub it.
public protocol PaymentMethodsLoading: Sendable {
    func execute() async throws(PaymentMethodsError) -> [PaymentMethod]
}
