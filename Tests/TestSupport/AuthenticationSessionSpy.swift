public import Foundation
public import Networking
import Testing

/// A session that records what the authentication decorator asks of it, and ends itself as the real one does: on a
/// refused refresh, or a refused token it still holds.
public actor AuthenticationSessionSpy: AuthenticationSession {
    /// The access token the session holds; `nil` once the session has ended.
    public private(set) var token: AccessToken?
    /// When ``token`` expires on the device's clock; `nil` when unknown.
    public private(set) var expiresAt: Date?
    private let expiresAtAfterRefresh: Date?
    private var refreshResults: [Result<AccessToken, TokenRefreshError>]
    private let refreshGate: AsyncGate?
    /// How many refreshes were asked for, counted as they start.
    public private(set) var refreshCalls = 0
    /// How many refreshes got past the gate and returned or threw.
    public private(set) var refreshesFinished = 0
    /// How many times the session ended itself.
    public private(set) var endSessionCalls = 0

    /// Makes a session holding `token`; refreshes answer with `refreshResults` in turn, the last repeated, after
    /// `refreshGate` opens.
    public init(
        token: AccessToken? = AccessToken("old"),
        refreshResults: [Result<AccessToken, TokenRefreshError>] = [.success(AccessToken("new"))],
        expiresAt: Date? = nil, expiresAtAfterRefresh: Date? = nil, refreshGate: AsyncGate? = nil
    ) {
        self.token = token
        self.expiresAt = expiresAt
        self.expiresAtAfterRefresh = expiresAtAfterRefresh
        self.refreshResults = refreshResults
        self.refreshGate = refreshGate
    }

    /// The token the session holds now.
    public func currentAccessToken() -> AccessToken? { token }

    /// ``token`` with ``expiresAt``.
    public func currentAccessTokenAndExpiry() -> (token: AccessToken, expiresAt: Date?)? {
        token.map { ($0, expiresAt) }
    }

    /// Answers with the next scripted result and stores a fresh token. Throws the scripted error; `.invalidGrant` ends
    /// the session first.
    public func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal {
        refreshCalls += 1
        if let refreshGate { await refreshGate.wait() }
        refreshesFinished += 1
        let result = refreshResults.count > 1 ? refreshResults.removeFirst() : refreshResults[0]
        do throws(TokenRefreshError) {
            let fresh = try result.get()
            token = fresh
            expiresAt = expiresAtAfterRefresh
            return .refreshed(fresh)
        } catch {
            if error == .invalidGrant { end() }
            throw error
        }
    }

    /// Ends the session and returns `nil` when it still holds `refused`; otherwise returns the token it holds.
    public func endSession(refusing refused: AccessToken) -> AccessToken? {
        guard token == refused else { return token }
        end()
        return nil
    }

    private func end() {
        endSessionCalls += 1
        token = nil
    }

    /// Replaces the held token, as another holder's refresh would.
    public func replaceToken(with token: AccessToken) {
        self.token = token
    }
}
