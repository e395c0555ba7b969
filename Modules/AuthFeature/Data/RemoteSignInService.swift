public import Domain
public import Foundation
public import Logging
public import Networking
public import SharedError

/// Sign in with Apple, then `POST /v1/auth/apple` to exchange Apple's identity token for the app's tokens,
/// then keep the session.
@MainActor
public final class RemoteSignInService: SignInService {
    static let endpoint = "/v1/auth/apple"

    private let facade: AppleSignInFacade
    private let call: RemoteCall<SignInError>
    private let baseURL: URL
    private let store: any SessionStore
    private let secrets: SecretValues?
    private let logger: Logger

    /// - Parameters:
    ///   - client: a chain WITHOUT the authentication decorator (nobody is signed in yet).
    ///   - secrets: told Apple's identity token and the user's email, so nothing the app writes carries them.
    public init(
        facade: AppleSignInFacade, client: any HTTPClient, baseURL: URL, store: any SessionStore,
        reporter: any ClientReporting, observer: (any BackendAnswerObserving)? = nil, secrets: SecretValues? = nil,
        logger: Logger
    ) {
        self.facade = facade
        self.baseURL = baseURL
        self.store = store
        self.secrets = secrets
        self.logger = logger
        call = RemoteCall(
            client: client, reporter: reporter, module: "AuthFeature", logger: logger,
            mapHTTPError: Self.signInError(for:), mapDecodingFailure: { .unavailable($0.diagnostic) },
            observer: observer)
    }

    public func signIn() async throws(SignInError) -> SignedInUser {
        let credential = try await facade.authorize()
        secrets?.register(credential.identityToken, as: .token)
        let request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: ["identityToken": credential.identityToken])
        let tokens = try await call.perform(request, endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try LenientJSONDecoder().decode(TokenResponse.self, from: body)
        }

        let user = SignedInUser(
            id: tokens.user?.id ?? credential.userID,
            name: tokens.user.map(\.name).flatMap { $0 == UserResponse.defaultName ? nil : $0 } ?? credential.name
                ?? UserResponse.defaultName)
        if let email = tokens.user?.email { secrets?.register(email, as: .personal) }
        do throws(SessionStoreError) {
            try await store.save(
                StoredSession(
                    accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                    expiresAt: tokens.expiresIn.map { Date().addingTimeInterval(TimeInterval($0)) }, userID: user.id,
                    userName: user.name, signedInAt: Date(), origin: BackendOrigin(baseURL)))
        } catch {
            logger.warning("signed in for this run only: \(error)")
        }
        return user
    }

    /// A cancelled call is a cancelled sign-in (``ErrorPolicy``); 401 `invalid_identity_token` and 403
    /// `account_banned` are the auth service's own answers.
    nonisolated static func signInError(for error: HTTPClientError) -> SignInError {
        if ErrorPolicy.reaction(to: error.category) == .ignore { return .canceled }
        switch (error.kind, error.context.serverCode) {
        case (.unauthorized, "invalid_identity_token"): return .identityRejected
        case (.forbidden, "account_banned"): return .banned
        case (let kind, _): return kind.sharedError.map(SignInError.shared) ?? .unavailable(error.diagnostic)
        }
    }
}
