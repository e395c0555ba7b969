public import Foundation

/// A stand-in for AuthenticationServices' `ASAuthorizationController`: it performs requests and reports to a
/// delegate through two callbacks, on the main actor, like the real one.
///
/// Who decides (a person at a prompt, or a script) is the ``ASAuthorizationUserAgent`` it is given. Only
/// AuthFeature's `Data/` imports this module; on an Apple platform that file imports AuthenticationServices.
@MainActor
public final class ASAuthorizationController {
    /// The requests to perform; only the first is decided.
    public let authorizationRequests: [ASAuthorizationAppleIDRequest]
    /// Held weakly, as in AuthenticationServices: whoever sets it must keep it alive.
    public weak var delegate: (any ASAuthorizationControllerDelegate)?
    private let userAgent: any ASAuthorizationUserAgent

    /// Makes a controller whose requests `userAgent` decides; nothing happens until ``performRequests()``.
    public init(authorizationRequests: [ASAuthorizationAppleIDRequest], userAgent: any ASAuthorizationUserAgent) {
        self.authorizationRequests = authorizationRequests
        self.userAgent = userAgent
    }

    /// Asks the user agent, then calls exactly one of the delegate's two methods.
    public func performRequests() {
        Task { @MainActor in
            let decision = await userAgent.decide(on: authorizationRequests.first ?? ASAuthorizationAppleIDRequest())
            switch decision {
            case .success(let authorization):
                delegate?.authorizationController(controller: self, didCompleteWithAuthorization: authorization)
            case .failure(let failure):
                delegate?.authorizationController(controller: self, didCompleteWithError: failure.reported)
            }
        }
    }
}

/// The two callbacks of AuthenticationServices' delegate.
@MainActor
public protocol ASAuthorizationControllerDelegate: AnyObject {
    /// Called once, on the main actor, when the user approved.
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    /// Called once, on the main actor, when the sheet failed or was cancelled; `error` is usually an
    /// ``ASAuthorizationError``, but not always.
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

/// Makes the request that asks for an Apple ID.
public struct ASAuthorizationAppleIDProvider: Sendable {
    /// Makes a provider.
    public init() {}

    /// A new request that asks for no scopes yet.
    public func createRequest() -> ASAuthorizationAppleIDRequest {
        ASAuthorizationAppleIDRequest()
    }
}

/// A sign-in request and the scopes it asks for.
public struct ASAuthorizationAppleIDRequest: Sendable {
    /// What a request asks Apple to share about the user.
    public enum Scope: String, Sendable {
        /// The user's name and email address.
        case fullName, email
    }

    /// The scopes asked for; none by default.
    public var requestedScopes: [Scope] = []

    /// Makes a request that asks for no scopes.
    public init() {}
}

/// A successful authorization.
public struct ASAuthorization: Sendable {
    /// What Apple says about the user.
    public let credential: ASAuthorizationAppleIDCredential

    /// Makes an authorization carrying `credential`.
    public init(credential: ASAuthorizationAppleIDCredential) {
        self.credential = credential
    }
}

/// What Apple returns about the user: a stable user id, an identity token for the backend, and, the first time
/// only, a name and an email.
public struct ASAuthorizationAppleIDCredential: Sendable {
    /// Apple's stable identifier for the user.
    public let user: String
    /// The identity token (a JWT) for the backend; `nil` when Apple gave none.
    public let identityToken: Data?
    /// The user's name; given only on the first sign-in.
    public let fullName: PersonNameComponents?
    /// The user's email address; given only on the first sign-in.
    public let email: String?

    /// Makes a credential from Apple's answer.
    public init(user: String, identityToken: Data?, fullName: PersonNameComponents?, email: String?) {
        self.user = user
        self.identityToken = identityToken
        self.fullName = fullName
        self.email = email
    }
}

/// AuthenticationServices' error: the app does not control it, it only reads its `code`.
public struct ASAuthorizationError: Error, Hashable, Sendable {
    /// The SDK's error codes, with their raw values.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// The sheet failed for a reason the SDK does not say.
        case unknown = 1000
        /// The user cancelled.
        case canceled = 1001
        /// The authorization response was not valid.
        case invalidResponse = 1002
        /// The request was not handled.
        case notHandled = 1003
        /// The authorization failed.
        case failed = 1004
        /// The sheet needed to show itself but could not.
        case notInteractive = 1005
    }

    /// Which failure this is.
    public let code: Code

    /// Makes an error with `code`.
    public init(_ code: Code) {
        self.code = code
    }
}
