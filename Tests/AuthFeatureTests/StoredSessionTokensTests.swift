import AuthFeature
import Foundation
import Networking
import TestSupport
import Testing

/// The session store as the refresh sees it: refreshed tokens are saved only while the store still holds the session
/// they came from, and a sign-out that lands between the read and the save wins.
@Suite("The session's tokens for the refresh")
struct StoredSessionTokensTests {
    static let origin = BackendOrigin(TestApp.baseURL)

    @Test func refreshedTokensReplaceTheSessionTheyCameFrom() async {
        let store = InMemorySessionStore(Self.session(refreshToken: "r-1"))
        let sut = StoredSessionTokens(store: store, origin: Self.origin)

        let save = await sut.replace(Self.renewed, after: "r-1")

        #expect(save == .held(Self.renewed))
        #expect(await store.load()?.refreshToken == "r-2")
    }

    @Test func aSignOutBetweenTheReadAndTheSaveDropsTheRefreshedTokens() async {
        let store = SignsOutWhenRefreshed(Self.session(refreshToken: "r-1"))
        let sut = StoredSessionTokens(store: store, origin: Self.origin)

        let save = await sut.replace(Self.renewed, after: "r-1")

        #expect(save == .signedOut)
        #expect(await store.load() == nil)
    }

    @Test func anotherHoldersNewerSessionIsHandedBack() async {
        let store = InMemorySessionStore(Self.session(refreshToken: "r-other"))
        let sut = StoredSessionTokens(store: store, origin: Self.origin)

        let save = await sut.replace(Self.renewed, after: "r-1")

        #expect(save == .held(SessionTokens(accessToken: AccessToken("a-other"), refreshToken: "r-other")))
    }

    static let renewed = SessionTokens(accessToken: AccessToken("a-2"), refreshToken: "r-2")

    static func session(refreshToken: String) -> StoredSession {
        StoredSession(
            accessToken: refreshToken == "r-other" ? "a-other" : "a-1", refreshToken: refreshToken, expiresAt: nil,
            userID: "u-1", userName: "Ada", origin: origin)
    }
}

/// A store whose user signs out while a refresh's answer is on its way: it still hands out the session, and the
/// save finds it gone.
private actor SignsOutWhenRefreshed: SessionStore {
    private var session: StoredSession?

    init(_ session: StoredSession) {
        self.session = session
    }

    nonisolated var location: String { "memory" }

    func load() -> StoredSession? { session }

    func save(_ session: StoredSession) { self.session = session }

    func replace(_ session: StoredSession, after spentRefreshToken: String) -> StoredSession? {
        self.session = nil
        return nil
    }

    func remove(ifStillHolding credential: SessionCredential) -> SessionRemoval { .absent }

    func clear() -> Bool { session != nil }
}
