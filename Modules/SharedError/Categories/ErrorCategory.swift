/// The four general kinds of error every error declares one of, by the same name in code, JSON, the journey and the
/// docs. What a layer may do with each is stated once, in ``ErrorPolicy``.
public enum ErrorCategory: String, Sendable, CaseIterable, Codable {
    /// Nothing to tell the user: they cancelled sign-in themselves, or the load they started was cancelled.
    case ignorable
    /// Some layer can recover: the chain refreshes an expired token and replays, or retries a transient 503. To a
    /// layer that cannot recover from it, it is unhandleable.
    case recoverable
    /// The layer that raised it could not handle it; the next one handles it in its own terms (maps it, works
    /// around it, words it for the user) or hands it on.
    case unhandleable
    /// Nobody explained it: it travels up as it is, and Navigation presents the safe default (developer detail in
    /// DEV) and reports it.
    case `default`
}

/// An error the error flow can route and name: its category says who handles it, it may be an app-wide condition,
/// it names itself in a journey without values, and it tells a developer where it came from. Navigation decides by
/// these alone, with no cast to any error type. A layer's enum gets all of it from one switch (``LayerError``).
public protocol CategorizedError: Error, Sendable {
    /// The kind of error, which tells a layer whether to ignore it, recover from it, handle or forward it, or let
    /// Navigation present the default.
    var category: ErrorCategory { get }
    /// The app-wide condition this error is, if it is one.
    var appWideCondition: AppWideCondition? { get }
    /// The type and case, for example `WalletRepositoryError.inReview(pending)`; never secrets or personal data.
    var journeyName: String { get }
    /// The case's name alone (`inReview`), without its type or payload: stable when cases are reordered or added.
    /// `nil` for a type that has no cases.
    var caseName: String? { get }
    /// What a developer needs about each failure behind the error; names and codes only, never values.
    var diagnostics: [Diagnostic] { get }
}

extension CategorizedError {
    /// None: an error that is not a layer's enum is never an app-wide condition unless it says so.
    public var appWideCondition: AppWideCondition? { nil }
    /// No case: the type is not an enum of declared cases.
    public var caseName: String? { nil }
}
