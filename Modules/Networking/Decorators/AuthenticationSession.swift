public import Foundation
import Redaction

/// What ``AuthenticatingHTTPClient`` needs from whoever keeps the signed-in session.
///
/// Networking declares it; the auth feature implements it with its session store and the refresh call, so the
/// transport never learns where tokens live.
///
/// The session may be shared with other holders (another run of the app, an app extension) that refresh it too.
/// So a refusal ends the session only while it still holds the refused token (compare-and-delete); when another
/// holder has stored newer tokens meanwhile, those are handed back instead, and the request is replayed with them.
public protocol AuthenticationSession: Sendable {
    /// The access token to send now, or `nil` when nobody is signed in (to this backend).
    func currentAccessToken() async -> AccessToken?
    /// The access token to send now with the moment it expires on the device's clock (`nil` when the backend did not
    /// say), read together; `nil` when nobody is signed in (to this backend).
    func currentAccessTokenAndExpiry() async -> (token: AccessToken, expiresAt: Date?)?
    /// Exchanges the refresh token for new tokens, stores them, and returns the new access token; the new tokens are
    /// stored and returned only while the session still holds the refresh token they came from, and a session signed
    /// out meanwhile ends the refresh with ``TokenRefreshError/noSession``. When the backend refuses the refresh token
    /// (`invalid_grant`), the session ends only if it still holds that token; if another holder has stored newer
    /// tokens, their access token is returned as ``TokenRenewal/adopted(_:)``.
    func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal
    /// The backend does not know `token` (`invalid_token`): ends the session if it still holds `token` and returns
    /// `nil`; returns the access token it holds instead when another holder has replaced it.
    func endSession(refusing token: AccessToken) async -> AccessToken?
}

extension AuthenticationSession {
    /// The current access token with no known expiry: a session that keeps none is refreshed only when the backend
    /// answers 401 `token_expired`.
    public func currentAccessTokenAndExpiry() async -> (token: AccessToken, expiresAt: Date?)? {
        await currentAccessToken().map { ($0, nil) }
    }
}

/// How a refresh produced a token.
public enum TokenRenewal: Hashable, Sendable {
    /// The backend exchanged the refresh token for new tokens.
    case refreshed(AccessToken)
    /// The refresh token was already spent by another holder of the session, which stored the new tokens: this
    /// holder took them over.
    case adopted(AccessToken)

    /// The token to send.
    public var token: AccessToken {
        switch self {
        case .refreshed(let token), .adopted(let token): token
        }
    }
}

/// An access token. Its descriptions never show the value.
public struct AccessToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The raw value, for the `Authorization` header only.
    public let value: String

    /// Wraps a raw token value.
    public init(_ value: String) {
        self.value = value
    }

    /// `AccessToken(<redacted>)`: never the value.
    public var description: String { "AccessToken(\(Redaction.placeholder))" }
    /// The same as ``description``: never the value.
    public var debugDescription: String { description }
}

/// Why a refresh did not produce a token.
public enum TokenRefreshError: Error, Hashable, Sendable {
    /// The backend refused the refresh token (`invalid_grant`): the session is over.
    case invalidGrant
    /// There was no session to refresh, or it was signed out before the refresh's answer came.
    case noSession
    /// The refresh call failed for a transport or server reason; the session is kept.
    case unavailable(HTTPClientError.Kind)
}
