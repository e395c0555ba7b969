public import SharedError

/// Signs the user in with Apple and starts a session. Declared here, implemented in the auth feature's `Data/`
/// (the vendor facade plus the token exchange).
public protocol SignInService: Sendable {
    func signIn() async throws(SignInError) -> SignedInUser
}

/// Everything sign-in can end with, in the app's words: the vendor's codes and the backend's answers mapped.
public enum SignInError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// The user closed the sheet, or the sign-in was cancelled. Not an error for anyone to see.
    case canceled
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
    /// An app-wide network condition.
    case shared(APIError)

    public var journeyName: String {
        switch self {
        case .shared(let error): "SignInError.shared(\(error.journeyName))"
        case .unavailable: "SignInError.unavailable"
        default: "SignInError.\(caseName)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .canceled: .ignorable
        case .unavailable: .default
        case .failed, .unknown, .identityRejected, .banned, .shared: .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .unavailable(let diagnostic) = self { return [diagnostic] }
        return [Diagnostic(error: journeyName, layer: .data)]
    }
}

extension SignInError: SampledCases {
    public enum CaseName: CaseIterable { case canceled, failed, unknown, identityRejected, banned, unavailable, shared }

    public var caseName: CaseName {
        switch self {
        case .canceled: .canceled
        case .failed: .failed
        case .unknown: .unknown
        case .identityRejected: .identityRejected
        case .banned: .banned
        case .unavailable: .unavailable
        case .shared: .shared
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .canceled: [.canceled]
        case .failed: [.failed]
        case .unknown: [.unknown]
        case .identityRejected: [.identityRejected]
        case .banned: [.banned]
        case .unavailable: [.unavailable(.sample)]
        case .shared: APIError.allCases.map(Self.shared)
        }
    }
}
