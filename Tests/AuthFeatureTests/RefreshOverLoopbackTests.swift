import AuthFeature
import Domain
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

/// The refresh path end to end: session file → authentication decorator → URLSession → a real loopback server.
@MainActor
@Suite("Token refresh over real HTTP", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RefreshOverLoopbackTests {
    @Test func anExpiredTokenIsRefreshedOnceAndTheRequestReplayed() async throws {
        let backend = try await AuthBackend.start(refresh: .json(200, AuthBodies.refreshed))
        let app = try await App(backend: backend)

        await app.profile.load()
        await backend.server.stop()

        #expect(app.profile.state.name == "Ada Lovelace")
        #expect(backend.refreshCalls == 1)
        #expect(backend.server.requests.map(\.path) == ["/v1/me", "/v1/auth/refresh", "/v1/me"])
        let saved = FileSessionStore(path: app.store.path, logger: quietLogger).load()
        #expect(saved?.accessToken == "access-3")
        #expect(saved?.refreshToken == "refresh-3")
    }

    @Test func manyScreensWithAnExpiredTokenShareOneRefresh() async throws {
        let backend = try await AuthBackend.start(refresh: .json(200, AuthBodies.refreshed))
        let app = try await App(backend: backend)
        let screens = (0..<8).map { _ in app.makeProfile() }

        await withTaskGroup(of: Void.self) { group in
            for screen in screens { group.addTask { await screen.load() } }
        }
        await backend.server.stop()

        #expect(screens.allSatisfy { $0.state.name == "Ada Lovelace" })
        #expect(backend.refreshCalls == 1)
    }

    @Test func anAccessTokenTheBackendDoesNotKnowClearsTheFileWithoutARefresh() async throws {
        let backend = try await AuthBackend.start(refresh: .json(200, AuthBodies.refreshed))
        let app = try await App(backend: backend, accessToken: "access-forgotten")

        await app.makeProfile().load()
        await backend.server.stop()

        #expect(app.router.route == .signIn)
        #expect(!FileManager.default.fileExists(atPath: app.store.path.path))
        #expect(backend.refreshCalls == 0)
    }

    @Test func invalidGrantClearsTheFileAndRoutesToSignInOnce() async throws {
        let backend = try await AuthBackend.start(
            refresh: .json(401, #"{"error":"invalid_grant","message":"revoked"}"#))
        let app = try await App(backend: backend)
        let screens = (0..<4).map { _ in app.makeProfile() }

        await withTaskGroup(of: Void.self) { group in
            for screen in screens { group.addTask { await screen.load() } }
        }
        await backend.server.stop()

        #expect(app.router.route == .signIn)
        #expect(app.router.presentedError == nil)
        #expect(!FileManager.default.fileExists(atPath: app.store.path.path))
        #expect(backend.refreshCalls == 1)
        #expect(app.probe.events().filter { $0.action == .routed }.count == 1)
    }

    /// The app side, composed as the CLI composes it.
    @MainActor
    private final class App {
        let folder = TemporaryFolder()
        let probe = JourneyProbe()
        let router: Router
        let store: FileSessionStore
        let profile: ProfileViewModel
        private let repository: RemoteProfileRepository

        init(backend: AuthBackend, accessToken: String = "access-expired") async throws {
            let logger = probe.logger
            router = Router(environment: .dev, logger: logger)
            store = FileSessionStore(path: folder.url.appendingPathComponent("session.json"), logger: logger)
            try await store.save(
                StoredSession(
                    accessToken: accessToken, refreshToken: "refresh-1", expiresAt: nil, userID: "u-1",
                    userName: "Ada", origin: BackendOrigin(backend.server.baseURL)))
            let transport = URLSessionHTTPClient()
            let plain = StatusCodeMappingHTTPClient(decoratee: transport, logger: logger)
            let session = TokenRefreshSession(
                store: store, client: plain, baseURL: backend.server.baseURL, logger: logger)
            let chain = DeadlineHTTPClient(
                decoratee: RetryingHTTPClient(
                    decoratee: AuthenticatingHTTPClient(
                        decoratee: StatusCodeMappingHTTPClient(
                            decoratee: LoggingHTTPClient(decoratee: transport, logger: logger), logger: logger),
                        coordinator: TokenRefreshCoordinator(session: session, logger: logger), logger: logger),
                    logger: logger),
                timeout: .seconds(10), logger: logger)
            repository = RemoteProfileRepository(
                client: chain, baseURL: backend.server.baseURL, reporter: ClientReportingSpy(), logger: logger)
            profile = ProfileViewModel(repository: repository, router: router, logger: logger)
        }

        func makeProfile() -> ProfileViewModel {
            ProfileViewModel(repository: repository, router: router, logger: probe.logger)
        }
    }
}

/// A backend that knows one expired access token, one refresh token, and what the refresh answers.
private struct AuthBackend {
    let server: LoopbackServer
    let refreshes: Counter

    var refreshCalls: Int { refreshes.value }

    static func start(refresh: ScriptedResponse) async throws -> AuthBackend {
        let refreshes = Counter()
        let server = try await LoopbackServer.start { request in
            switch (request.method, request.path) {
            case ("POST", "/v1/auth/refresh"):
                refreshes.increment()
                return refresh
            case ("GET", "/v1/me") where request.header("Authorization") == "Bearer access-3":
                return .json(200, AuthBodies.user)
            case ("GET", "/v1/me") where request.header("Authorization") == "Bearer access-expired":
                return .json(401, #"{"error":"token_expired","message":"expired"}"#)
            default:
                return .json(401, #"{"error":"invalid_token","message":"unknown token"}"#)
            }
        }
        return AuthBackend(server: server, refreshes: refreshes)
    }
}
