/// What ``AuthenticatingHTTPClient`` needs from whoever keeps the signed-in session.
///
/// Networking declares it; the auth feature implements it with its session store and the refresh call, so the
/// transport never learns where tokens live.
public protocol AuthenticationSession: Sendable {
    /// The access token to send now, or `nil` when nobody is signed in.
    func currentAccessToken() async -> AccessToken?
    /// Exchanges the refresh token for new tokens, stores them, and returns the new access token.
    func refreshAccessToken() async throws(TokenRefreshError) -> AccessToken
    /// Forgets the session after the backend refused it: the refresh token was refused (`invalid_grant`), or the
    /// access token is unknown (`invalid_token`).
    func endSession() async
}

/// An access token. Its descriptions never show the value.
public struct AccessToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The raw value, for the `Authorization` header only.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "AccessToken(\(Redaction.placeholder))" }
    public var debugDescription: String { description }
}

/// Why a refresh did not produce a token.
public enum TokenRefreshError: Error, Hashable, Sendable {
    /// The backend refused the refresh token (`invalid_grant`): the session is over.
    case invalidGrant
    /// There was no session to refresh.
    case noSession
    /// The refresh call failed for a transport or server reason; the session is kept.
    case unavailable(HTTPClientError.Kind)
}
