public import SharedError

/// A business flow failed in a way no rule explains: the last line before "Something went wrong".
///
/// Produced, not just declared (the article's never was): the payment-methods use case throws it when nothing
/// is left and at least one source failed for an unexplained reason, and the wallet page when the wallet service
/// is unavailable. Navigation presents it: the safe default in production, developer detail in DEV.
public struct UnknownBusinessError: Error, Hashable, Sendable, CategorizedError, JourneyDescribable, Diagnosable {
    /// Where the failures behind it came from, for DEV and the log; never values.
    public let underlying: [Diagnostic]

    public init(underlying: [Diagnostic]) {
        self.underlying = underlying
    }

    public var category: ErrorCategory { .default }
    public var journeyName: String { "UnknownBusinessError" }
    public var diagnostics: [Diagnostic] { underlying }
}
