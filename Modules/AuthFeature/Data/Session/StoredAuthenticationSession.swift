public import Foundation
public import Logging
public import Networking
import SharedError

/// The session as the authentication decorator sees it: tokens from the ``FileSessionStore``, the refresh call
/// `POST /v1/auth/refresh`, and clearing the store when the backend says `invalid_grant`.
public struct StoredAuthenticationSession: AuthenticationSession {
    static let endpoint = "/v1/auth/refresh"

    private let store: FileSessionStore
    private let client: any HTTPClient
    private let baseURL: URL
    private let logger: Logger

    /// - Parameter client: a chain WITHOUT the authentication decorator (the refresh call carries no bearer).
    public init(store: FileSessionStore, client: any HTTPClient, baseURL: URL, logger: Logger) {
        self.store = store
        self.client = client
        self.baseURL = baseURL
        self.logger = logger
    }

    public func currentAccessToken() async -> AccessToken? {
        await store.load().map { AccessToken($0.accessToken) }
    }

    public func refreshAccessToken() async throws(TokenRefreshError) -> AccessToken {
        guard let session = await store.load() else { throw .noSession }
        let request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: ["refreshToken": session.refreshToken])

        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            let refusedGrant = [.unauthorized, .unexpectedStatus(400)].contains(error.kind)
            guard refusedGrant, error.context.serverCode == "invalid_grant" else { throw .unavailable(error.kind) }
            throw .invalidGrant
        }

        let tokens: TokenResponse
        do throws(DecodingFailure) {
            tokens = try LenientJSONDecoder().decode(TokenResponse.self, from: response.body).value
        } catch {
            logger.warning("refresh answer without usable tokens: \(error.journeyName)")
            throw .unavailable(.invalidResponse)
        }

        let renewed = StoredSession(
            accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
            expiresAt: tokens.expiresIn.map { Date().addingTimeInterval(TimeInterval($0)) }, userID: session.userID,
            userName: session.userName, signedInAt: session.signedInAt)
        do throws(SessionStoreError) {
            try await store.save(renewed)
        } catch {
            logger.warning("refreshed tokens kept for this run only: \(error)")
        }
        return AccessToken(renewed.accessToken)
    }

    public func endSession() async {
        await store.clear()
        logger.notice("the backend ended the session; signed out")
    }
}
