import Foundation

/// Decides an authorization request in place of the system's sign-in sheet.
public protocol ASAuthorizationUserAgent: Sendable {
    func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, any Error>
}

/// The answers a person can give, and the failures the SDK can report.
public enum ASScriptedAnswer: String, Hashable, Sendable, CaseIterable {
    case approve
    case cancel
    case fail
    case unknown
    case invalidResponse
    case notHandled
    case notInteractive
    /// An error that is not an `ASAuthorizationError` at all, as SDKs sometimes pass through.
    case foreign
}

/// Answers every request the same way, for scripts and tests.
public struct ASScriptedUserAgent: ASAuthorizationUserAgent {
    public let answer: ASScriptedAnswer
    /// The identity token to hand out on approval.
    public let identityToken: String

    public init(answer: ASScriptedAnswer, identityToken: String = "apple-identity:ada") {
        self.answer = answer
        self.identityToken = identityToken
    }

    public func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, any Error> {
        switch answer {
        case .approve:
            var name = PersonNameComponents()
            name.givenName = "Ada"
            name.familyName = "Lovelace"
            return .success(
                ASAuthorization(
                    credential: ASAuthorizationAppleIDCredential(
                        user: "001234.ada", identityToken: Data(identityToken.utf8), fullName: name,
                        email: "ada@example.com")))
        case .cancel: return .failure(ASAuthorizationError(.canceled))
        case .fail: return .failure(ASAuthorizationError(.failed))
        case .unknown: return .failure(ASAuthorizationError(.unknown))
        case .invalidResponse: return .failure(ASAuthorizationError(.invalidResponse))
        case .notHandled: return .failure(ASAuthorizationError(.notHandled))
        case .notInteractive: return .failure(ASAuthorizationError(.notInteractive))
        case .foreign: return .failure(CocoaError(.featureUnsupported))
        }
    }
}

/// Asks a person on a terminal, as the system sheet would.
public struct ASTerminalPromptUserAgent: ASAuthorizationUserAgent {
    private let readLine: @Sendable () -> String?
    private let write: @Sendable (String) -> Void
    private let identityToken: String

    public init(
        identityToken: String = "apple-identity:ada",
        readLine: @escaping @Sendable () -> String? = { Swift.readLine() },
        write: @escaping @Sendable (String) -> Void = { print($0, terminator: "") }
    ) {
        self.readLine = readLine
        self.write = write
        self.identityToken = identityToken
    }

    public func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, any Error> {
        write("Sign in with Apple (stand-in)\n  Continue as Ada Lovelace? [a]pprove, [c]ancel, [f]ail, [u]nknown: ")
        let answer: ASScriptedAnswer =
            switch readLine()?.trimmingCharacters(in: .whitespaces).lowercased().first {
            case "a", "y": .approve
            case "f": .fail
            case "u": .unknown
            case nil: .notInteractive
            default: .cancel
            }
        return await ASScriptedUserAgent(answer: answer, identityToken: identityToken).decide(on: request)
    }
}
