/// An error that can name itself in a journey without revealing payload values (tokens, emails, bodies).
///
/// A ``LayerError`` gets its name from the case it declares: `WalletRepositoryError.inReview(pending)`. Any other type
/// writes its own.
public protocol JourneyDescribable {
    /// The type and case, for example `WalletRepositoryError.inReview(pending)`; never secrets or personal data.
    var journeyName: String { get }
    /// The case's name alone (`inReview`), without its type or payload: stable when cases are reordered or added.
    /// `nil` for a type that has no cases.
    var caseName: String? { get }
}

extension JourneyDescribable {
    /// No case: the type is not an enum of declared cases.
    public var caseName: String? { nil }
}

/// Names errors for the journey.
public enum JourneyName {
    /// The error's ``JourneyDescribable/journeyName`` when it has one; otherwise only its type name, because an
    /// arbitrary error's description may carry values that must not reach a log.
    public static func of(_ error: some Error) -> String {
        if let describable = error as? any JourneyDescribable {
            return describable.journeyName
        }
        return String(describing: type(of: error as any Error))
    }
}
