public import SharedError

/// Signs the user in with Apple and starts a session. Declared here, implemented in the auth feature's `Data/`
/// (the vendor facade plus the token exchange).
public protocol SignInService: Sendable {
    func signIn() async throws(SignInError) -> SignedInUser
}

/// Everything sign-in can end with, in the app's words: the vendor's codes and the backend's answers mapped.
public enum SignInError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// The user closed the sheet. Not an error for anyone to see.
    case canceled
    /// The sign-in sheet failed (failed, invalid response, not handled, not interactive).
    case failed
    /// The vendor could not say why, or sent an error of a kind it never documented.
    case unknown
    /// The backend did not accept Apple's identity token (401 `invalid_identity_token`).
    case identityRejected
    /// The backend refused the account (403 `account_banned`).
    case banned
    /// The backend failed in a way it cannot explain.
    case unavailable
    /// An app-wide network condition.
    case shared(APIError)

    public static let allCases: [SignInError] =
        [.canceled, .failed, .unknown, .identityRejected, .banned, .unavailable] + APIError.allCases.map(Self.shared)

    public var journeyName: String {
        switch self {
        case .shared(let error): "SignInError.shared(\(error.journeyName))"
        default: "SignInError.\(self)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .canceled: .ignorable
        case .unknown, .unavailable: .default
        default: .unhandleableHere
        }
    }
}
