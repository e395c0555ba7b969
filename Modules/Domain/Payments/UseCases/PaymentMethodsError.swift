public import SharedError

/// What the payment-methods use case can end with, besides a list.
public enum PaymentMethodsError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// Every source was left out for an explained reason: the user has nothing to pay with. Not an alert.
    case noPaymentMethodsFound
    /// An app-wide network condition met on the way; Navigation shows it.
    case shared(APIError)
    /// The session ended while loading; Navigation routes to sign-in.
    case sessionExpired
    /// Nothing is left and at least one source failed for no explained reason.
    case unknown(UnknownBusinessError)
    /// The load was cancelled; the screen ignores it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .noPaymentMethodsFound: "PaymentMethodsError.noPaymentMethodsFound"
        case .shared(let error): "PaymentMethodsError.shared(\(error.journeyName))"
        case .sessionExpired: "PaymentMethodsError.sessionExpired"
        case .unknown: "PaymentMethodsError.unknown(UnknownBusinessError)"
        case .cancelled: "PaymentMethodsError.cancelled"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .unknown: .default
        case .noPaymentMethodsFound, .shared, .sessionExpired: .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .unknown(let error) = self { return error.diagnostics }
        return [Diagnostic(error: journeyName, layer: .domain)]
    }

    init(_ condition: AppWideCondition) {
        switch condition {
        case .shared(let error): self = .shared(error)
        case .sessionExpired: self = .sessionExpired
        }
    }
}

extension PaymentMethodsError: SampledCases {
    public enum CaseName: CaseIterable { case noPaymentMethodsFound, shared, sessionExpired, unknown, cancelled }

    public var caseName: CaseName {
        switch self {
        case .noPaymentMethodsFound: .noPaymentMethodsFound
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .noPaymentMethodsFound: [.noPaymentMethodsFound]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .unknown: [.unknown(UnknownBusinessError(underlying: [.sample]))]
        case .cancelled: [.cancelled]
        }
    }
}

/// Loads the payment methods; the use case implements it, view-model tests stub it.
public protocol PaymentMethodsLoading: Sendable {
    func execute() async throws(PaymentMethodsError) -> [PaymentMethod]
}
