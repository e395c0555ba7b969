/// A condition of the whole app, whatever screen meets it: no connection, no answer in time, or the session is
/// over. One spelling each, shared by every module, so a layer that meets one only passes it on, and Navigation
/// reacts to it the same way on every screen (an alert, or a route to sign-in).
public enum AppWideCondition: Error, Hashable, Sendable, CaseIterable, Codable, CategorizedError, JourneyDescribable {
    /// The backend could not be reached at all (no connection, connection refused, host not found).
    case offline
    /// The backend did not answer within the time the app allows for a call.
    case timedOut
    /// The signed-in session is over (the backend refused it, or there is none): the user must sign in again.
    case sessionExpired

    /// Handled app-wide, never by the layer that meets it; only a screen with last content shows that instead of
    /// offline or timed out (docs/decisions/0097).
    public var category: ErrorCategory { .unhandleableHere }
    /// `AppWideCondition.offline`.
    public var journeyName: String {
        switch self {
        case .offline: "AppWideCondition.offline"
        case .timedOut: "AppWideCondition.timedOut"
        case .sessionExpired: "AppWideCondition.sessionExpired"
        }
    }
}

/// An error a screen can end with, or a layer below it, as the layers above see it: its category says who handles
/// it, it may be an app-wide condition met on the way, and it can tell a developer where it came from. Navigation
/// decides by these three alone, with no cast to any error type.
public protocol ScreenError: CategorizedError, JourneyDescribable, Diagnosable, Sendable {
    /// The app-wide condition this error is, if it is one. A ``LayerError`` declares it: its `appWide` case is
    /// ``ErrorCase/appWide(_:)``.
    var appWideCondition: AppWideCondition? { get }
}

/// An error type that carries app-wide conditions up through its layer: its `appWide(AppWideCondition)` case, declared
/// as ``ErrorCase/appWide(_:)``, is the one declaration a layer makes to pass them on, and nothing else in the layer
/// ever mentions "offline" or "session over".
public protocol PassesOnAppWideConditions: LayerError {
    /// The error that carries `condition` (the enum's `appWide` case).
    static func appWide(_ condition: AppWideCondition) -> Self
}

extension PassesOnAppWideConditions {
    /// The condition `other` is, as this layer's error, if it is one: how a layer passes it on.
    public static func passingOn(_ other: some ScreenError) -> Self? {
        other.appWideCondition.map(appWide)
    }
}
