import Decoding
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
    private let origin: BackendOrigin
    private let store: any SessionStore
    private let secrets: SecretValues?
    private let clock: any HTTPClock
    private let logger: Logger

    /// - Parameters:
    ///   - client: a chain WITHOUT the authentication decorator (nobody is signed in yet).
    ///   - secrets: told Apple's identity token and the user's email, so nothing the app writes carries them.
    ///   - clock: whose wall clock stamps the token's expiry: the chain's, which reads it back.
    ///   - origin: the backend the session is saved for: `baseURL`'s unless given (the backend behind a proxy).
    public init(
        facade: AppleSignInFacade, client: any HTTPClient, baseURL: URL, origin: BackendOrigin? = nil,
        store: any SessionStore, reporter: any ClientReporting, secrets: SecretValues? = nil,
        clock: any HTTPClock = SystemHTTPClock(), logger: Logger
    ) {
        self.facade = facade
        self.baseURL = baseURL
        self.origin = origin ?? BackendOrigin(baseURL)
        self.store = store
        self.secrets = secrets
        self.clock = clock
        self.logger = logger
        call = RemoteCall(
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            ownAnswer: Self.ownAnswer)
    }

    /// Runs the Apple sheet, exchanges its identity token for the app's tokens and saves the session; returns the user.
    /// A session that cannot be saved is logged and lasts for this run only. Throws ``SignInError``.
    public func signIn() async throws(SignInError) -> SignedInUser {
        let credential = try await facade.authorize()
        secrets?.register(credential.identityToken, as: .token)
        let request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: ["identityToken": credential.identityToken])
        let tokens = try await call.perform(request, endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try LenientJSONDecoder().decode(TokenResponse.self, from: body)
        }

        let user = SignedInUser(
            id: tokens.user.id,
            name: tokens.user.name == UserResponse.defaultName
                ? credential.name ?? UserResponse.defaultName : tokens.user.name)
        if !tokens.user.email.isEmpty { secrets?.register(tokens.user.email, as: .personal) }
        do throws(SessionStoreError) {
            try await store.save(
                StoredSession(
                    accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                    expiresAt: tokens.expiresIn.map { clock.wallClockNow.addingTimeInterval(TimeInterval($0)) },
                    userID: user.id,
                    userName: user.name, signedInAt: Date(), origin: origin))
        } catch {
            logger.warning("signed in for this run only: \(error)")
        }
        return user
    }

    /// 401 `invalid_identity_token` and 403 `account_banned` are the auth service's own answers. Nobody is signed in
    /// yet, so any other 401 says nothing about a session: it is unexplained.
    nonisolated static func ownAnswer(_ error: HTTPClientError) -> SignInError? {
        switch (error.kind, error.context.serverCode) {
        case (.unauthorized, "invalid_identity_token"): .identityRejected
        case (.forbidden, "account_banned"): .banned
        case (.unauthorized, _), (.sessionExpired, _): .unavailable(error.diagnostic)
        default: nil
        }
    }
}
