/// A condition of the whole app, whatever screen meets it: no connection, no answer in time, or the session is
/// over. One spelling each, shared by every module, so a layer that meets one only passes it on, and Navigation
/// reacts to it the same way on every screen (an alert, or a route to sign-in).
public enum AppWideCondition: Error, Hashable, Sendable, CaseIterable, Codable, CategorizedError {
    /// The backend could not be reached at all (no connection, connection refused, host not found).
    case offline
    /// The backend did not answer within the time the app allows for a call.
    case timedOut
    /// The signed-in session is over (the backend refused it, or there is none): the user must sign in again.
    case sessionExpired

    /// Handled app-wide, never by the layer that meets it; only a screen with last content shows that instead of
    /// offline or timed out (docs/decisions/0097).
    public var category: ErrorCategory { .unhandleable }
    /// `AppWideCondition.offline`.
    public var journeyName: String {
        switch self {
        case .offline: "AppWideCondition.offline"
        case .timedOut: "AppWideCondition.timedOut"
        case .sessionExpired: "AppWideCondition.sessionExpired"
        }
    }
    /// Itself.
    public var appWideCondition: AppWideCondition? { self }
    /// None: the condition is the whole story; the error that met it carries the detail.
    public var diagnostics: [Diagnostic] { [] }
}

/// The error of a layer whose work calls the backend. Besides its own cases, it carries two that every such layer
/// passes up unchanged: an app-wide condition (`case appWide(AppWideCondition)`), the one declaration a layer makes
/// so that nothing else in it mentions "offline" or "session over", and a cancelled call (`case cancelled`).
public protocol BackendCallError: LayerError {
    /// The error that carries `condition` (the enum's `appWide` case).
    static func appWide(_ condition: AppWideCondition) -> Self
    /// The call was cancelled (the enum's `cancelled` case, ignorable).
    static var cancelled: Self { get }
}

extension BackendCallError {
    /// The condition `other` is, as this layer's error, if it is one: how a layer passes it on.
    public static func passingOn(_ other: some CategorizedError) -> Self? {
        other.appWideCondition.map(appWide)
    }
}
