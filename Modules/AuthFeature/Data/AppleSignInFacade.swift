import AuthenticationServicesStandIn
public import Domain
import Foundation
public import Logging
import SharedError

/// A facade that puts AuthenticationServices' delegate callbacks behind one `async throws(SignInError)` call.
///
/// The controller's delegate is set to a bridge, and the controller and the bridge are both kept alive until the
/// one callback has arrived.
@MainActor
public final class AppleSignInFacade {
    private let userAgent: any ASAuthorizationUserAgent
    private let logger: Logger
    private let journey: JourneyRecorder

    /// Makes a facade whose sign-in sheet is answered by `userAgent`; vendor errors are logged and journeyed on
    /// `logger`.
    public init(userAgent: SignInUserAgent, logger: Logger) {
        self.userAgent = userAgent.standIn
        self.logger = logger
        self.journey = JourneyRecorder(.vendor, logger: logger)
    }

    /// Apple's answer: the identity token for the backend and what Apple says about the user.
    public func authorize() async throws(SignInError) -> AppleIDCredential {
        var request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        let controller = ASAuthorizationController(authorizationRequests: [request], userAgent: userAgent)
        let bridge = DelegateBridge()
        controller.delegate = bridge

        let outcome = await withCheckedContinuation { continuation in
            bridge.continuation = continuation
            controller.performRequests()
        }
        withExtendedLifetime((controller, bridge)) {}

        switch outcome {
        case .success(let authorization):
            guard let data = authorization.credential.identityToken, let token = String(data: data, encoding: .utf8),
                !token.isEmpty
            else {
                throw mapped(.failed, from: "ASAuthorization without an identity token")
            }
            let name = authorization.credential.fullName.map {
                [$0.givenName, $0.familyName].compactMap { $0 }.joined(separator: " ")
            }
            return AppleIDCredential(identityToken: token, userID: authorization.credential.user, name: name)
        case .failure(let error):
            throw signInError(for: error)
        }
    }

    private func signInError(for error: any Error) -> SignInError {
        guard let vendorError = error as? ASAuthorizationError else {
            // Not documented by the SDK: keep the original in the log, show the user the "unknown" case.
            logger.error(
                "sign-in SDK failed with an error it does not document",
                metadata: ["error.type": "\(String(reflecting: type(of: error)))", "error.description": "\(error)"])
            return mapped(.unknown, from: "\(type(of: error)) (not an ASAuthorizationError)")
        }
        let signInError: SignInError =
            switch vendorError.code {
            case .canceled: .cancelled
            case .unknown: .unknown
            case .failed, .invalidResponse, .notHandled, .notInteractive: .failed
            }
        return mapped(signInError, from: "ASAuthorizationError.\(vendorError.code)")
    }

    private func mapped(_ error: SignInError, from cause: String) -> SignInError {
        journey.record(
            .mapped, from: cause, to: error.journeyName, category: error.category,
            level: error == .cancelled ? .info : .warning)
        return error
    }
}

/// What Apple says about the user after they approved.
public struct AppleIDCredential: Hashable, Sendable {
    /// For `POST /v1/auth/apple` only; never logged.
    public var identityToken: String
    /// Apple's stable identifier for the user; used as the user's id when the backend sends none.
    public var userID: String
    /// Only on the first sign-in, as with the real SDK.
    public var name: String?
}

/// Turns the controller's two callbacks into one resumption.
@MainActor
private final class DelegateBridge: ASAuthorizationControllerDelegate {
    var continuation: CheckedContinuation<Result<ASAuthorization, any Error>, Never>?

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        continuation?.resume(returning: .success(authorization))
        continuation = nil
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        continuation?.resume(returning: .failure(error))
        continuation = nil
    }
}

/// Who answers the sign-in sheet: a person at the terminal, or a script.
public enum SignInUserAgent: Sendable {
    /// Asks the person at the terminal to approve or cancel.
    case terminalPrompt
    /// Gives `SignInAnswer` at once; on approval, Apple's identity token is `identityToken`.
    case scripted(SignInAnswer, identityToken: String = "apple-identity:ada")

    var standIn: any ASAuthorizationUserAgent {
        switch self {
        case .terminalPrompt: ASTerminalPromptUserAgent()
        case .scripted(let answer, let token): ASScriptedUserAgent(answer: answer.standIn, identityToken: token)
        }
    }
}

/// The answers a script can give to the sign-in sheet (the first four are the CLI's `--answer` values).
public enum SignInAnswer: String, Hashable, Sendable, CaseIterable {
    case approve, cancel, fail, unknown, invalidResponse, notHandled, notInteractive, foreign

    var standIn: ASScriptedAnswer {
        switch self {
        case .approve: .approve
        case .cancel: .cancel
        case .fail: .fail
        case .unknown: .unknown
        case .invalidResponse: .invalidResponse
        case .notHandled: .notHandled
        case .notInteractive: .notInteractive
        case .foreign: .foreign
        }
    }
}
