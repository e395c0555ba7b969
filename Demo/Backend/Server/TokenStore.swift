import Foundation

/// The backend's tokens: issued, expired, rotated and revoked for real.
///
/// In `token-expired` and `session-revoked` every session starts with an expired access token (seeded or
/// issued at sign-in); in `session-revoked` its refresh token is refused as well. Tokens from a refresh are
/// good, so a client that refreshed once goes on without another refresh.
actor TokenStore {
    private struct Access {
        var userID: String
        var expiresAt: Date
    }

    enum Check: Equatable {
        case valid(userID: String)
        case expired
        case unknown
    }

    static let lifetime: TimeInterval = 900

    private let startsExpired: Bool
    private let refreshRevoked: Bool
    private var access: [String: Access] = [:]
    private var refresh: [String: String] = [:]

    init(scenario: DemoScenario) {
        startsExpired = [.tokenExpired, .sessionRevoked, .transferSessionEnds].contains(scenario)
        refreshRevoked = [.sessionRevoked, .transferSessionEnds].contains(scenario)
    }

    /// Accepts a seed session as if it had just signed in.
    func seed(_ seed: SeedSession) {
        start(access: seed.accessToken, refresh: seed.refreshToken, for: seed.userID)
    }

    /// A new session for `userID`, as sign-in starts it.
    func signIn(_ userID: String) -> (access: String, refresh: String) {
        let pair = (TokenMint.make("at"), TokenMint.make("rt"))
        start(access: pair.0, refresh: pair.1, for: userID)
        return pair
    }

    private func start(access accessToken: String, refresh refreshToken: String, for userID: String) {
        access[accessToken] = Access(
            userID: userID, expiresAt: startsExpired ? .distantPast : Date().addingTimeInterval(Self.lifetime))
        if !refreshRevoked { refresh[refreshToken] = userID }
    }

    private func issue(for userID: String) -> (access: String, refresh: String) {
        let pair = (TokenMint.make("at"), TokenMint.make("rt"))
        access[pair.0] = Access(userID: userID, expiresAt: Date().addingTimeInterval(Self.lifetime))
        refresh[pair.1] = userID
        return pair
    }

    func check(accessToken: String) -> Check {
        guard let entry = access[accessToken] else { return .unknown }
        return entry.expiresAt > Date() ? .valid(userID: entry.userID) : .expired
    }

    /// Rotates a refresh token: the old one is spent, a new pair is issued. `nil` when it is unknown or spent.
    func rotate(refreshToken: String) -> (access: String, refresh: String)? {
        guard let userID = refresh.removeValue(forKey: refreshToken) else { return nil }
        return issue(for: userID)
    }
}
