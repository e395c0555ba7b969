import Decoding
public import Foundation
public import Logging
public import Networking
import SharedError

/// The session as the authentication decorator sees it: tokens from a ``SessionStore``, the refresh call
/// `POST /v1/auth/refresh`, and compare-and-delete when the backend refuses a token.
///
/// - A session belongs to the backend that issued it: tokens stored for another origin are never sent, and that
///   session is left as it is (this backend is simply not signed in).
/// - When the backend refuses the refresh token (`invalid_grant`) or the access token (`invalid_token`), the session
///   is removed only while the store still holds the refused token. If another run has stored newer tokens
///   meanwhile, they are taken over instead, and the request goes on with them.
/// - Refreshed tokens are saved and used only while the store still holds the session they were refreshed from. A
///   user who signed out while the refresh was under way stays signed out: the new tokens are dropped, and the
///   refresh ends as a refused one does.
public struct StoredAuthenticationSession: AuthenticationSession {
    static let endpoint = "/v1/auth/refresh"

    private let store: any SessionStore
    private let client: any HTTPClient
    private let baseURL: URL
    private let origin: BackendOrigin
    private let clock: any HTTPClock
    private let logger: Logger

    /// - Parameters:
    ///   - client: a chain WITHOUT the authentication decorator (the refresh call carries no bearer).
    ///   - clock: whose wall clock stamps a refreshed token's expiry: the chain's, which reads it back.
    ///   - origin: the backend the session belongs to: `baseURL`'s unless given (the backend behind a proxy).
    public init(
        store: any SessionStore, client: any HTTPClient, baseURL: URL, origin: BackendOrigin? = nil,
        clock: any HTTPClock = SystemHTTPClock(), logger: Logger
    ) {
        self.store = store
        self.client = client
        self.baseURL = baseURL
        self.origin = origin ?? BackendOrigin(baseURL)
        self.clock = clock
        self.logger = logger
    }

    /// The stored access token, or `nil` when nobody is signed in or the session belongs to another backend.
    public func currentAccessToken() async -> AccessToken? {
        await session().map { AccessToken($0.accessToken) }
    }

    /// The stored access token with the expiry stored beside it, read at once; `nil` when this backend has no session.
    public func currentAccessTokenAndExpiry() async -> (token: AccessToken, expiresAt: Date?)? {
        await session().map { (AccessToken($0.accessToken), $0.expiresAt) }
    }

    /// Calls `POST /v1/auth/refresh` with the stored refresh token and saves the new tokens while the store still
    /// holds the session they came from (in memory only if the store cannot write). Throws `.noSession` when there is
    /// no session for this backend, before the call or by the time its answer came (signed out meanwhile: the new
    /// tokens are dropped), `.invalidGrant` when the backend refused the token and no newer session was stored, or
    /// `.unavailable` for any other failure. When the store holds another session for this backend by then (a
    /// sign-in, another run's refresh), that session's token is returned as adopted.
    public func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal {
        guard let session = await session() else { throw .noSession }
        let request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: ["refreshToken": session.refreshToken])

        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            let refusedGrant = [.unauthorized, .unexpectedStatus(400)].contains(error.kind)
            guard refusedGrant, error.context.serverCode == "invalid_grant" else { throw .unavailable(error.kind) }
            switch await store.remove(ifStillHolding: .refreshToken(session.refreshToken)) {
            case .replaced(let newer) where newer.origin == origin:
                return .adopted(AccessToken(newer.accessToken))
            case .removed, .absent, .replaced:
                logger.notice("the backend ended the session; signed out")
                throw .invalidGrant
            }
        }

        let tokens: TokenResponse
        do throws(DecodingFailure) {
            tokens = try LenientJSONDecoder().decode(TokenResponse.self, from: response.body).value
        } catch {
            logger.warning("refresh answer without usable tokens: \(error.journeyName)")
            throw .unavailable(.invalidResponse)
        }

        var renewed = session
        renewed.accessToken = tokens.accessToken
        renewed.refreshToken = tokens.refreshToken
        renewed.expiresAt = tokens.expiresIn.map { clock.wallClockNow.addingTimeInterval(TimeInterval($0)) }
        let held: StoredSession?
        do throws(SessionStoreError) {
            held = try await store.replace(renewed, after: session.refreshToken)
        } catch {
            logger.warning("refreshed tokens kept for this run only: \(error)")
            return .refreshed(AccessToken(renewed.accessToken))
        }
        guard let held, held.origin == origin else {
            logger.notice("signed out while the token was refreshed; the new tokens are dropped")
            throw .noSession
        }
        return held.holds(.refreshToken(renewed.refreshToken))
            ? .refreshed(AccessToken(renewed.accessToken)) : .adopted(AccessToken(held.accessToken))
    }

    /// Removes the session if it still holds `token` and returns `nil`; returns the newer access token when another
    /// holder stored one for this backend.
    public func endSession(refusing token: AccessToken) async -> AccessToken? {
        switch await store.remove(ifStillHolding: .accessToken(token.value)) {
        case .replaced(let newer) where newer.origin == origin:
            return AccessToken(newer.accessToken)
        case .removed, .absent, .replaced:
            logger.notice("the backend ended the session; signed out")
            return nil
        }
    }

    /// The stored session, if it belongs to this backend.
    private func session() async -> StoredSession? {
        guard let session = await store.load(), session.origin == origin else { return nil }
        return session
    }
}
