public import Foundation
public import Logging
public import Networking
public import PrivateFiles

/// The session store as the chain's refresh sees it: only the session of one backend, changed by compare-and-swap and
/// compare-and-delete; when the backend ends the session, the last content goes with it, as a sign-out lets it go.
/// Every call ends in the store's file and returns.
public struct StoredSessionTokens: SessionTokenStore {
    private let store: any SessionStore
    private let origin: BackendOrigin
    private let lastContent: LastContentStore?

    /// The tokens `store` holds for the backend at `origin`; `lastContent` is cleared when the backend ends the
    /// session.
    public init(store: any SessionStore, origin: BackendOrigin, lastContent: LastContentStore? = nil) {
        self.store = store
        self.origin = origin
        self.lastContent = lastContent
    }

    /// The stored session's tokens, if it belongs to this backend.
    public func tokens() async -> SessionTokens? {
        await session().map(Self.tokens)
    }

    /// Saves `renewed` into the session only while the store still holds the one refreshed from.
    public func replace(_ renewed: SessionTokens, after spentRefreshToken: String) async -> TokenSave {
        guard var session = await session() else { return .signedOut }
        session.accessToken = renewed.accessToken.value
        session.refreshToken = renewed.refreshToken
        session.expiresAt = renewed.expiresAt
        let held: StoredSession?
        do throws(SessionStoreError) {
            held = try await store.replace(session, after: spentRefreshToken)
        } catch {
            return .unsaved(reason: "\(error)")
        }
        guard let held, held.origin == origin else { return .signedOut }
        return .held(Self.tokens(held))
    }

    /// Ends the session while it still holds `refused`, and lets the last content go with it.
    public func remove(ifStillHolding refused: RefusedToken) async -> SessionTokens? {
        let credential: SessionCredential =
            switch refused {
            case .access(let token): .accessToken(token.value)
            case .refresh(let token): .refreshToken(token)
            }
        switch await store.remove(ifStillHolding: credential) {
        case .replaced(let newer) where newer.origin == origin:
            return Self.tokens(newer)
        case .removed:
            await lastContent?.clear()
            return nil
        case .absent, .replaced:
            return nil
        }
    }

    private func session() async -> StoredSession? {
        guard let session = await store.load(), session.origin == origin else { return nil }
        return session
    }

    private static func tokens(_ session: StoredSession) -> SessionTokens {
        SessionTokens(
            accessToken: AccessToken(session.accessToken), refreshToken: session.refreshToken,
            expiresAt: session.expiresAt)
    }
}

extension TokenRefreshSession {
    /// The refresh over the app's session store, for the backend at `baseURL` (or at `origin`: the backend behind a
    /// proxy there); `lastContent` is cleared when the backend ends the session.
    public init(
        store: any SessionStore, client: any HTTPClient, baseURL: URL, origin: BackendOrigin? = nil,
        lastContent: LastContentStore? = nil, clock: any HTTPClock = SystemHTTPClock(), logger: Logger
    ) {
        self.init(
            tokens: StoredSessionTokens(
                store: store, origin: origin ?? BackendOrigin(baseURL), lastContent: lastContent),
            client: client, baseURL: baseURL, clock: clock, logger: logger)
    }
}
