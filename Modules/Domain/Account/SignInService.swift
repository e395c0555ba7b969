public import SharedError

/// Signs the user in with Apple and starts a session. Declared here, implemented in the auth feature's `Data/`
/// (the vendor facade plus the token exchange).
public protocol SignInService: Sendable {
    /// Signs the user in and returns who they are. Throws ``SignInError``: `.cancelled` when the user closed the sheet,
    /// which callers must not present as an error.
    func signIn() async throws(SignInError) -> SignedInUser
}

/// Everything sign-in can end with, in the app's words: the vendor's codes and the backend's answers mapped.
public enum SignInError: BackendCallError, Hashable {
    /// The user closed the sheet, or the sign-in was cancelled. Not an error for anyone to see.
    case cancelled
    /// The sign-in sheet failed (failed, invalid response, not handled, not interactive).
    case failed
    /// The vendor could not say why, or sent an error of a kind it never documented; the screen says so in its
    /// own words ("with an unknown reason").
    case unknown
    /// The backend did not accept Apple's identity token (401 `invalid_identity_token`).
    case identityRejected
    /// The backend refused the account (403 `account_banned`).
    case banned
    /// The backend failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// Offline or timed out: the app's, not sign-in's.
    case appWide(AppWideCondition)

    /// Raised by the data layer (the vendor facade and the token exchange).
    public static let owningLayer = JourneyLayer.data

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the screen.
    public var errorCase: ErrorCase {
        switch self {
        case .cancelled: .cancelled
        case .failed: .unhandleable("failed")
        case .unknown: .unhandleable("unknown")
        case .identityRejected: .unhandleable("identityRejected")
        case .banned: .unhandleable("banned")
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        }
    }
}
