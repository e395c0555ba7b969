/// The signed-in session is over (its refresh token was refused); the user must sign in again.
///
/// Networking raises it when a refresh answers `invalid_grant`; features forward it to Navigation, which routes
/// to sign-in instead of presenting an alert.
public struct SessionExpiredError: Error, Hashable, Sendable, CategorizedError, JourneyDescribable {
    public init() {}

    public var category: ErrorCategory { .unhandleableHere }
    public var journeyName: String { "SessionExpiredError" }
}
