import Foundation

/// The backend's tokens: issued, expired, rotated and revoked for real.
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

    private var access: [String: Access] = [:]
    private var refresh: [String: String] = [:]

    /// Accepts a seed session; `expired` makes its access token expired from the start, `revoked` forgets its
    /// refresh token.
    func seed(_ seed: SeedSession, accessExpired: Bool, refreshRevoked: Bool) {
        access[seed.accessToken] = Access(
            userID: seed.userID, expiresAt: accessExpired ? .distantPast : Date().addingTimeInterval(Self.lifetime))
        if !refreshRevoked { refresh[seed.refreshToken] = seed.userID }
    }

    func issue(for userID: String) -> (access: String, refresh: String) {
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
