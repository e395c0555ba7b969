import AuthFeature
import Composition
import Foundation
import Navigation
import Networking
import TestSupport
import Testing

/// A user who signed out stays signed out, by every road that could bring the session back without a sign-in: a
/// refresh (after 401 `token_expired`, and ahead of expiry) whose answer comes after the sign-out, a session this run
/// kept in memory, a refused token answered with an "other" session, the store's cache, another backend's session,
/// and what a killed write leaves behind. "Another run" is a second store over the same file, as a second process
/// is.
@MainActor
@Suite("A user who signed out stays signed out", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct SignedOutStaysSignedOutTests {
    private let folder = TemporaryFolder()
    private var path: URL { folder.url.appendingPathComponent("config/errorflow/session.json") }

    // MARK: - The refresh

    @Test func aRefreshAnsweredAfterASignOutSavesNothingAndEndsTheSession() async throws {
        let store = FileSessionStore(path: path, logger: quietLogger)
        try await store.save(TestApp.session(accessToken: "access-1", refreshToken: "refresh-1"))
        let otherRun = FileSessionStore(path: path, logger: quietLogger)
        let spy = HTTPClientSpy { _, _ in
            _ = try? await otherRun.clear()
            return .json(200, AuthBodies.refreshed)
        }
        let sut = TokenRefreshSession(store: store, client: spy, baseURL: TestApp.baseURL, logger: quietLogger)

        let refresh = await outcome(of: TokenRefreshError.self, try await sut.refreshAccessToken())

        #expect(refresh.error == .noSession, "ends as a refused refresh does")
        #expect(!FileManager.default.fileExists(atPath: path.path), "the file stays absent")
        #expect(store.load() == nil)
        #expect(await sut.currentAccessToken() == nil, "the new tokens are not used either")
    }

    @Test func aSignOutDuringTheRefreshAfterTokenExpiredRoutesToSignInAndNoNewTokenIsSent() async throws {
        let (world, store) = try await signedInApp(expiresAt: nil)

        await world.app.profile().load()

        #expect(world.router.route == .signIn)
        #expect(world.spy.requests.map(\.path) == ["/v1/me", "/v1/auth/refresh"], "no replay")
        #expect(!world.spy.requests.contains { $0.headers["Authorization"] == "Bearer access-3" })
        #expect(
            world.journey.contains(
                "networking mapped no session to refresh (signed out) → HTTPClientError.sessionExpired"))
        #expect(!FileManager.default.fileExists(atPath: path.path))
        #expect(store.load() == nil)
    }

    @Test func aSignOutDuringARefreshAheadOfExpiryRoutesToSignInBeforeAnythingIsSent() async throws {
        let clock = VirtualClock(autoAdvanceLimit: .seconds(5))
        let (world, _) = try await signedInApp(expiresAt: clock.wallClockNow.addingTimeInterval(10), clock: clock)

        await world.app.profile().load()

        #expect(world.router.route == .signIn)
        #expect(world.spy.requests.map(\.path) == ["/v1/auth/refresh"], "the profile was never asked for")
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    /// A refresh ahead of expiry that fails sends the token as it is, but only the one the session holds then: after
    /// a sign-out, none.
    @Test func aFailedRefreshAheadAfterASignOutSendsNoToken() async throws {
        let clock = VirtualClock(autoAdvanceLimit: .seconds(5))
        let (world, _) = try await signedInApp(
            expiresAt: clock.wallClockNow.addingTimeInterval(10), clock: clock,
            refreshAnswer: .contractError(503, "service_unavailable"))

        await world.app.profile().load()

        #expect(world.router.route == .signIn)
        #expect(world.spy.requests.map(\.path) == ["/v1/auth/refresh"])
    }

    @Test func refreshedTokensFindingAnotherBackendsSessionAreNeitherSavedNorUsed() async throws {
        let store = FileSessionStore(path: path, logger: quietLogger)
        try await store.save(TestApp.session(accessToken: "access-1", refreshToken: "refresh-1"))
        let elsewhere = StoredSession(
            accessToken: "access-b", refreshToken: "refresh-b", expiresAt: nil, userID: "u-2", userName: "Grace",
            origin: BackendOrigin(try #require(URL(string: "https://other.example"))))
        let spy = HTTPClientSpy { _, _ in
            // Signed out here, and signed in to another backend, while the answer was on its way.
            try? await FileSessionStore(path: path, logger: quietLogger).save(elsewhere)
            return .json(200, AuthBodies.refreshed)
        }
        let sut = TokenRefreshSession(store: store, client: spy, baseURL: TestApp.baseURL, logger: quietLogger)

        let refresh = await outcome(of: TokenRefreshError.self, try await sut.refreshAccessToken())

        #expect(refresh.error == .noSession)
        #expect(FileSessionStore(path: path, logger: quietLogger).load() == elsewhere, "left as it is")
    }

    // MARK: - A session this run holds instead of the file

    /// The refreshed tokens could not be written (the file is read-only), so this run keeps them; another run's
    /// sign-out still ends them here.
    @Test func aSessionKeptInMemoryEndsWhenAnotherRunSignsOut() async throws {
        let sut = try await storeWithUnsavedRefresh()

        #expect(try await FileSessionStore(path: path, logger: quietLogger).clear())

        #expect(sut.load() == nil)
        #expect(
            await outcome(of: SessionStoreError.self, try await sut.replace(.session(4), after: "refresh-3")).value
                == .some(nil))
        #expect(await sut.remove(ifStillHolding: .refreshToken("refresh-3")) == .absent)
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    @Test func aSessionKeptInMemoryGivesWayToAnotherRunsSignIn() async throws {
        let sut = try await storeWithUnsavedRefresh()
        try FileManager.default.removeItem(at: path)
        try await FileSessionStore(path: path, logger: quietLogger).save(.session(2))

        #expect(sut.load() == .session(2))
    }

    /// The refused session is the one in memory; the file still holds the one it was refreshed from, which this run
    /// spent: it is not handed back as a "newer" one.
    @Test func aSessionKeptInMemoryThatIsRefusedEndsWithoutFallingBackToTheFile() async throws {
        let sut = try await storeWithUnsavedRefresh()

        let removal = await sut.remove(ifStillHolding: .accessToken(FileSessionStoreTests.access(3)))

        #expect(removal == .removed)
        #expect(sut.load() == nil)
    }

    @Test func aSessionKeptInMemoryIsRefreshedInMemoryAndTheFileIsLeftAsItIs() async throws {
        let sut = try await storeWithUnsavedRefresh()
        let before = try Data(contentsOf: path)

        let held = try await sut.replace(.session(4), after: "refresh-3")

        #expect(held == .session(4))
        #expect(sut.load() == .session(4))
        #expect(try Data(contentsOf: path) == before)
    }

    /// Another process holds the lock past the store's patience: signing out fails and says so, and this run is
    /// signed out anyway while every other run still sees the session.
    @Test func aSignOutThatCannotRemoveTheFileThrowsAndThisRunIsSignedOut() async throws {
        let sut = FileSessionStore(path: path, patience: .milliseconds(20), logger: quietLogger)
        try await sut.save(.session(1))
        let lock = try HeldLock(for: path)

        let result = await outcome(of: SessionStoreError.self, try await sut.clear())
        lock.release()

        #expect(result.error == .busy(path: path.path))
        #expect(sut.load() == nil)
        #expect(
            await outcome(of: SessionStoreError.self, try await sut.replace(.session(3), after: "refresh-1")).value
                == .some(nil), "a refresh after it saves nothing")
        #expect(FileSessionStore(path: path, logger: quietLogger).load() == .session(1))
    }

    // MARK: - The cache, and what a killed write leaves

    @Test func aLoadSeesAnotherRunsSignOut() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(.session(1))
        #expect(sut.load() == .session(1))

        #expect(try await FileSessionStore(path: path, logger: quietLogger).clear())

        #expect(sut.load() == nil)
    }

    /// A write killed before its rename leaves a temporary file beside the session: it is never read as the session,
    /// and a refresh does not turn it into one.
    @Test func aTemporaryFileAKilledWriteLeftIsNeverTheSession() async throws {
        let folder = path.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let leftover = folder.appendingPathComponent(".session.json.\(UUID().uuidString).tmp")
        try JSONEncoder().encode(StoredSession.session(1)).write(to: leftover)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: leftover.path)
        let sut = FileSessionStore(path: path, logger: quietLogger)

        let loaded = sut.load()
        let held = try await sut.replace(.session(3), after: "refresh-1")

        #expect(loaded == nil)
        #expect(held == nil)
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    // MARK: - Helpers

    /// The composed app over a session file holding tokens `old`/`refresh-old` (expiring at `expiresAt`); the backend
    /// answers `old` with 401 `token_expired`, and another run signs out while the refresh is on its way.
    private func signedInApp(
        expiresAt: Date?, clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(5)),
        refreshAnswer: HTTPResponse = .json(200, AuthBodies.refreshed)
    ) async throws -> (TestApp, FileSessionStore) {
        let store = FileSessionStore(path: path, logger: quietLogger)
        var session = TestApp.session()
        session.expiresAt = expiresAt
        try await store.save(session)
        let otherRun = FileSessionStore(path: path, logger: quietLogger)
        let world = TestApp(store: store, clock: clock) { request, _ in
            switch request.path {
            case "/v1/auth/refresh":
                _ = try? await otherRun.clear()
                return refreshAnswer
            case _ where request.headers["Authorization"] == "Bearer old":
                return .contractError(401, "token_expired")
            default:
                return .json(200, AuthBodies.user)
            }
        }
        return (world, store)
    }

    /// A store that refreshed S1 into S3 while its file was read-only: S3 is kept for this run, the file holds S1.
    private func storeWithUnsavedRefresh() async throws -> FileSessionStore {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(.session(1))
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path.path)
        let refreshed = await outcome(
            of: SessionStoreError.self, try await sut.replace(.session(3), after: "refresh-1"))
        #expect(refreshed.error != nil, "the read-only file was not written")
        #expect(sut.load() == .session(3))
        return sut
    }
}

extension StoredSession {
    fileprivate static func session(_ index: Int) -> StoredSession { FileSessionStoreTests.session(index) }
}
