import AuthFeature
import Domain
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport

/// The auth feature composed as the app composes it (the chain as `HTTPChain` builds it), over an in-memory
/// backend and a session file in a fresh temporary folder.
@MainActor
final class AuthWorld {
    nonisolated static let baseURL = TestURL.make("")

    let spy: HTTPClientSpy
    let probe = JourneyProbe()
    let router: Router
    let store: FileSessionStore
    let reports = ClientReportingSpy()
    let folder: TemporaryFolder
    private let answer: SignInAnswer
    private let plain: any HTTPClient
    private let authenticated: any HTTPClient

    init(
        answer: SignInAnswer = .approve, clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(5)),
        script: @escaping HTTPClientSpy.Script
    ) {
        let logger = probe.logger
        folder = TemporaryFolder()
        spy = HTTPClientSpy(script: script)
        router = Router(environment: .dev, logger: logger)
        let store = FileSessionStore(path: folder.url.appendingPathComponent("session.json"), logger: logger)
        self.store = store
        self.answer = answer
        let chain = HTTPChain(transport: spy, clock: clock, random: FixedRandomSource(0.5), logger: logger) {
            StoredAuthenticationSession(store: store, client: $0, baseURL: Self.baseURL, logger: logger)
        }
        plain = chain.plain
        authenticated = chain.authenticated
    }

    convenience init(answer: SignInAnswer = .approve, routes: RouteScript) {
        self.init(answer: answer, script: routes.script)
    }

    func signInViewModel() -> SignInViewModel {
        let facade = AppleSignInFacade(userAgent: .scripted(answer), logger: probe.logger)
        let service = RemoteSignInService(
            facade: facade, client: plain, baseURL: Self.baseURL, store: store, reporter: reports, logger: probe.logger)
        return SignInViewModel(service: service, router: router, logger: probe.logger)
    }

    func profileViewModel() -> ProfileViewModel {
        ProfileViewModel(
            repository: RemoteProfileRepository(
                client: authenticated, baseURL: Self.baseURL, reporter: reports, logger: probe.logger),
            router: router, logger: probe.logger)
    }

    /// Starts from a signed-in session, as a scenario does.
    func signedIn(accessToken: String = "access-1", refreshToken: String = "refresh-1") async throws {
        try await store.save(
            StoredSession(
                accessToken: accessToken, refreshToken: refreshToken, expiresAt: nil, userID: "u-1", userName: "Ada",
                origin: BackendOrigin(Self.baseURL)))
    }

    var journey: [String] {
        probe.events().map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from) → \($0.to ?? "nil")" }
    }
}

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

enum AuthBodies {
    static let tokens =
        #"{"accessToken":"access-2","refreshToken":"refresh-2","expiresIn":900,"user":{"id":"u-1","name":"Ada Lovelace","email":"ada@example.com","avatarURL":"https://cdn.example.com/ada.png"}}"#
    static let refreshed = #"{"accessToken":"access-3","refreshToken":"refresh-3","expiresIn":900}"#
    static let user =
        #"{"id":"u-1","name":"Ada Lovelace","email":"ada@example.com","avatarURL":"https://cdn.example.com/ada.png"}"#
}
