public import SharedError

/// A business flow failed in a way no rule explains: the last line before "Something went wrong".
///
/// Produced, not just declared (the article's never was): the payment-methods use case throws it when nothing
/// is left and at least one source failed for an unexplained reason, and the wallet page when the wallet service
/// is unavailable.
public struct UnknownBusinessError: Error, Hashable, Sendable, CategorizedError, JourneyDescribable {
    /// The journey names of the failures behind it, for the log; never values.
    public let underlying: [String]

    public init(underlying: [String]) {
        self.underlying = underlying
    }

    public var category: ErrorCategory { .default }
    public var journeyName: String { "UnknownBusinessError" }
}
