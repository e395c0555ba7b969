public import Decoding
public import Foundation
public import Logging

/// The session as the authentication decorator sees it: the tokens of a ``SessionTokenStore`` and the refresh call
/// `POST /v1/auth/refresh`, which the chain makes itself.
///
/// - When the backend refuses the refresh token (`invalid_grant`) or the access token (`invalid_token`), the session
///   is removed only while the store still holds the refused token. If another run has stored newer tokens
///   meanwhile, they are taken over instead, and the request goes on with them.
/// - Refreshed tokens are saved and used only while the store still holds the session they were refreshed from. A
///   user who signed out while the refresh was under way stays signed out: the new tokens are dropped, and the
///   refresh ends as a refused one does.
public struct TokenRefreshSession: AuthenticationSession {
    static let endpoint = "/v1/auth/refresh"

    private let tokens: any SessionTokenStore
    private let client: any HTTPClient
    private let baseURL: URL
    private let clock: any HTTPClock
    private let logger: Logger

    /// - Parameters:
    ///   - tokens: the session's tokens, for this backend only.
    ///   - client: a chain WITHOUT the authentication decorator (the refresh call carries no bearer).
    ///   - clock: whose wall clock stamps a refreshed token's expiry: the chain's, which reads it back.
    public init(
        tokens: any SessionTokenStore, client: any HTTPClient, baseURL: URL, clock: any HTTPClock = SystemHTTPClock(),
        logger: Logger
    ) {
        self.tokens = tokens
        self.client = client
        self.baseURL = baseURL
        self.clock = clock
        self.logger = logger
    }

    /// The stored access token, or `nil` when this backend has no session.
    public func currentAccessToken() async -> AccessToken? {
        await tokens.tokens()?.accessToken
    }

    /// The stored access token with the expiry stored beside it, read at once; `nil` when this backend has no session.
    public func currentAccessTokenAndExpiry() async -> (token: AccessToken, expiresAt: Date?)? {
        await tokens.tokens().map { ($0.accessToken, $0.expiresAt) }
    }

    /// Calls `POST /v1/auth/refresh` with the stored refresh token and saves the new tokens while the store still
    /// holds the session they came from (in memory only if the store cannot write). Throws `.noSession` when there is
    /// no session for this backend, before the call or by the time its answer came (signed out meanwhile: the new
    /// tokens are dropped), `.invalidGrant` when the backend refused the token and no newer session was stored, or
    /// `.unavailable` for any other failure. When the store holds another session for this backend by then (a
    /// sign-in, another run's refresh), that session's token is returned as adopted.
    public func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal {
        guard let session = await tokens.tokens() else { throw .noSession }
        let request = HTTPRequest.postJSON(baseURL, Self.endpoint, body: ["refreshToken": session.refreshToken])

        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            let refusedGrant = [.unauthorized, .unexpectedStatus(400)].contains(error.kind)
            guard refusedGrant, error.context.serverCode == "invalid_grant" else { throw .unavailable(error.kind) }
            if let newer = await tokens.remove(ifStillHolding: .refresh(session.refreshToken)) {
                return .adopted(newer.accessToken)
            }
            logger.notice("the backend ended the session; signed out")
            throw .invalidGrant
        }

        let answer: IssuedTokens
        do throws(DecodingFailure) {
            answer = try LenientJSONDecoder().decode(IssuedTokens.self, from: response.body).value
        } catch {
            logger.warning("refresh answer without usable tokens: \(error.journeyName)")
            throw .unavailable(.invalidResponse)
        }

        let renewed = SessionTokens(
            accessToken: AccessToken(answer.accessToken), refreshToken: answer.refreshToken,
            expiresAt: answer.expiresIn.map { clock.wallClockNow.addingTimeInterval(TimeInterval($0)) })
        switch await tokens.replace(renewed, after: session.refreshToken) {
        case .unsaved(let reason):
            logger.warning("refreshed tokens kept for this run only: \(reason)")
            return .refreshed(renewed.accessToken)
        case .signedOut:
            logger.notice("signed out while the token was refreshed; the new tokens are dropped")
            throw .noSession
        case .held(let held):
            return held.refreshToken == renewed.refreshToken
                ? .refreshed(renewed.accessToken) : .adopted(held.accessToken)
        }
    }

    /// Removes the session if it still holds `token` and returns `nil`; returns the newer access token when another
    /// holder stored one for this backend.
    public func endSession(refusing token: AccessToken) async -> AccessToken? {
        if let newer = await tokens.remove(ifStillHolding: .access(token)) { return newer.accessToken }
        logger.notice("the backend ended the session; signed out")
        return nil
    }
}

/// The tokens the backend issues, at sign-in (`POST /v1/auth/apple`) and at a refresh (`POST /v1/auth/refresh`): both
/// tokens are required and not empty; the lifetime is lenient (a defect, not a failure, when it is not a positive
/// number). Anything else the answer holds is left to whoever reads it.
public struct IssuedTokens: Decodable, DefectReporting, Sendable {
    /// The bearer token.
    public let accessToken: String
    /// The token a refresh spends.
    public let refreshToken: String
    /// The access token's lifetime in seconds, when the backend said.
    public let expiresIn: Int?
    /// What the lifetime broke, if anything.
    public let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case accessToken, refreshToken, expiresIn }

    /// Reads the tokens from the answer's top-level object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        accessToken = try container.required(String.self, forKey: .accessToken, rule: "empty token") { !$0.isEmpty }
        refreshToken = try container.required(String.self, forKey: .refreshToken, rule: "empty token") { !$0.isEmpty }
        expiresIn = container.lenient(Int.self, forKey: .expiresIn, rule: "not a positive number", defects: &defects) {
            $0 > 0
        }
        self.defects = defects
    }
}
