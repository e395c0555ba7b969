public import SharedError

/// A business flow failed in a way no rule explains: the last line before "Something went wrong".
///
/// The payment-methods use case throws it when nothing is left and at least one source failed for an unexplained
/// reason, and the wallet page when the wallet service is unavailable. Navigation presents it: the safe default in
/// production, developer detail in DEV.
public struct UnknownBusinessError: Error, Hashable, Sendable, CategorizedError {
    /// Where the failures behind it came from, for DEV and the log; never values.
    public let underlying: [Diagnostic]

    /// Makes the error from the failures behind it; `underlying` may be empty.
    public init(underlying: [Diagnostic]) {
        self.underlying = underlying
    }

    /// Always `.default`: no layer explains it, so it is presented in the safe default words.
    public var category: ErrorCategory { .default }
    /// `UnknownBusinessError`, its name in the journey.
    public var journeyName: String { "UnknownBusinessError" }
    /// The diagnostics of the failures behind it (``underlying``).
    public var diagnostics: [Diagnostic] { underlying }
}
