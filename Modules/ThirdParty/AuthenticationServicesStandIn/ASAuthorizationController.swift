public import Foundation

/// A stand-in for AuthenticationServices' `ASAuthorizationController`: it performs requests and reports to a
/// delegate through two callbacks, on the main actor, like the real one.
///
/// Who decides (a person at a prompt, or a script) is the ``ASAuthorizationUserAgent`` it is given. Only
/// AuthFeature's `Data/` imports this module; on an Apple platform that file imports AuthenticationServices.
@MainActor
public final class ASAuthorizationController {
    public let authorizationRequests: [ASAuthorizationAppleIDRequest]
    /// Held weakly, as in AuthenticationServices: whoever sets it must keep it alive.
    public weak var delegate: (any ASAuthorizationControllerDelegate)?
    private let userAgent: any ASAuthorizationUserAgent

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
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

/// Makes the request that asks for an Apple ID.
public struct ASAuthorizationAppleIDProvider: Sendable {
    public init() {}

    public func createRequest() -> ASAuthorizationAppleIDRequest {
        ASAuthorizationAppleIDRequest()
    }
}

/// A sign-in request and the scopes it asks for.
public struct ASAuthorizationAppleIDRequest: Sendable {
    public enum Scope: String, Sendable {
        case fullName, email
    }

    public var requestedScopes: [Scope] = []

    public init() {}
}

/// A successful authorization.
public struct ASAuthorization: Sendable {
    public let credential: ASAuthorizationAppleIDCredential

    public init(credential: ASAuthorizationAppleIDCredential) {
        self.credential = credential
    }
}

/// What Apple returns about the user: a stable user id, an identity token for the backend, and, the first time
/// only, a name and an email.
public struct ASAuthorizationAppleIDCredential: Sendable {
    public let user: String
    public let identityToken: Data?
    public let fullName: PersonNameComponents?
    public let email: String?

    public init(user: String, identityToken: Data?, fullName: PersonNameComponents?, email: String?) {
        self.user = user
        self.identityToken = identityToken
        self.fullName = fullName
        self.email = email
    }
}

/// AuthenticationServices' error: the app does not control it, it only reads its `code`.
public struct ASAuthorizationError: Error, Hashable, Sendable {
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }
}
