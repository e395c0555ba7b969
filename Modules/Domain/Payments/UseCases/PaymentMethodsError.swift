public import SharedError

/// What the payment-methods use case can end with, besides a list.
public enum PaymentMethodsError: BackendCallError, Hashable {
    /// Every source was left out for an explained reason: the user has nothing to pay with. Not an alert.
    case noPaymentMethodsFound
    /// Offline, timed out or signed out, met on the way: Navigation shows it or routes to sign-in.
    case appWide(AppWideCondition)
    /// Nothing is left and at least one source failed for no explained reason.
    case unknown(UnknownBusinessError)
    /// The load was cancelled; the screen ignores it.
    case cancelled

    /// Raised by the domain layer.
    public static let owningLayer = JourneyLayer.domain

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the screen.
    public var errorCase: ErrorCase {
        switch self {
        case .noPaymentMethodsFound: .unhandleable("noPaymentMethodsFound")
        case .appWide(let condition): .appWide(condition)
        case .unknown(let error): .default("unknown").wrapping(error)
        case .cancelled: .cancelled
        }
    }
}

/// Loads the payment methods; the use case implements it, view-model tests stub it.
public protocol PaymentMethodsLoading: Sendable {
    /// The wallet, cards and Apple Pay the user can pay with now.
    func execute() async throws(PaymentMethodsError) -> [PaymentMethod]
}
