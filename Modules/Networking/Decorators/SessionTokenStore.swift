public import Foundation
import Redaction

/// Where the refresh reads and changes the session's tokens. Every call reads or writes the store and returns: none
/// calls back into the chain, so a 401 never leaves Networking on its way down but for these leaves. The
/// composition root adapts the app's session store to it, for one backend.
public protocol SessionTokenStore: Sendable {
    /// This backend's tokens, or `nil` when it has no session.
    func tokens() async -> SessionTokens?
    /// Saves `renewed` only while the store still holds the session whose refresh token was `spentRefreshToken`
    /// (compare-and-swap), and says what it holds for this backend afterwards.
    func replace(_ renewed: SessionTokens, after spentRefreshToken: String) async -> TokenSave
    /// Ends the session only while it still holds `refused` (compare-and-delete). Returns the newer tokens another
    /// holder stored for this backend meanwhile, or `nil` once the session is over (ended now, or already gone).
    func remove(ifStillHolding refused: RefusedToken) async -> SessionTokens?
}

/// A session's tokens. Its descriptions never show a value.
public struct SessionTokens: Hashable, Sendable, CustomStringConvertible {
    /// The token sent as the bearer.
    public var accessToken: AccessToken
    /// The token the refresh call spends.
    public var refreshToken: String
    /// When the access token expires on the device's clock; `nil` when the backend did not say.
    public var expiresAt: Date?

    /// Tokens as the backend issued them.
    public init(accessToken: AccessToken, refreshToken: String, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// `SessionTokens(<redacted>)`: never a value.
    public var description: String { "SessionTokens(\(Redaction.placeholder))" }
}

/// The token the backend refused.
public enum RefusedToken: Hashable, Sendable {
    /// The access token (401 `invalid_token`).
    case access(AccessToken)
    /// The refresh token (`invalid_grant`).
    case refresh(String)
}

/// What the store holds for this backend after a refresh's tokens were offered.
public enum TokenSave: Hashable, Sendable {
    /// These tokens: the refreshed ones, or another holder's newer ones.
    case held(SessionTokens)
    /// No session for this backend any more: signed out while the refresh was under way.
    case signedOut
    /// The store could not be written (`reason`); the refreshed tokens serve this run only.
    case unsaved(reason: String)
}
