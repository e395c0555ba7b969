public import Logging
import SharedError

/// What the payment-methods use case does when one payment source fails.
public enum SourceFailureReaction: Hashable, Sendable, CustomStringConvertible {
    /// Leave the source out and carry on, logging at `level`. `explained` failures (no wallet, locked cards, no
    /// Apple Pay) still let an empty result mean "no payment methods"; unexplained ones make it an
    /// ``UnknownBusinessError``.
    case omit(level: Logger.Level, explained: Bool)
    /// Stop, and hand the error up as the use case's own.
    case forward(PaymentMethodsError)

    /// The wording the boundary tables (docs/boundaries.md) use: `omitted (info)`, `omitted (warning, unexplained)`,
    /// `forwarded as PaymentMethodsError.sessionExpired`.
    public var description: String {
        switch self {
        case .omit(let level, let explained): "omitted (\(level)\(explained ? "" : ", unexplained"))"
        case .forward(let error): "forwarded as \(error.journeyName)"
        }
    }
}
