public import AuthFeature
public import Composition
public import Decoding
import Domain
public import ErrorReports
public import Foundation
import Logging
public import Navigation
public import Networking
public import PaymentsFeature
public import SharedError
import TransfersFeature

/// The app composed as the app composes it (``ComposedApp``), over an in-memory backend (an ``HTTPClientSpy`` as
/// its transport), a session kept in memory, a virtual clock and a fixed random source: what a feature test drives
/// instead of wiring the layers itself.
@MainActor
public final class TestApp {
    /// The backend's address; the spy answers whatever the path.
    public nonisolated static let baseURL = TestURL.make("")

    /// The backend: every request the app sent, answered by the test's script.
    public let spy: HTTPClientSpy
    /// What the layers recorded.
    public let probe = JourneyProbe()
    /// The chain's time.
    public let clock: VirtualClock
    /// Where the signed-in session is kept (in memory unless the test gave a store).
    public let store: any SessionStore
    /// The app.
    public let app: ComposedApp

    /// - Parameters:
    ///   - session: the session the app starts with (`nil`: signed out); by default tokens `old` and `refresh-old`.
    ///   - store: where the session is kept instead of memory (a file store, to test what it writes).
    ///   - clock: by default backoffs and `Retry-After`s pass at once, and a call's 10-second deadline only if the
    ///     test moves time on.
    ///   - resilience: the backends' retry budgets and clocks; by default the app's own, never another test's.
    ///   - language: the language the screens speak.
    public init(
        environment: AppEnvironment = .dev, device: SimulatedApplePayDevice = .ready,
        signInAnswer: SignInAnswer = .approve, session: StoredSession? = TestApp.session(),
        store: (any SessionStore)? = nil, clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(5)),
        resilience: ResilienceRegistry = ResilienceRegistry(), references: ErrorReferences = TestApp.references,
        language: Language = .english,
        script: @escaping HTTPClientSpy.Script
    ) {
        spy = HTTPClientSpy(script: script)
        self.clock = clock
        let logger = probe.logger
        self.store = store ?? InMemorySessionStore(session)
        var configuration = AppConfiguration(
            baseURL: Self.baseURL, sessionStore: self.store, environment: environment,
            applePay: PassKitApplePayService(device: device, logger: logger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(signInAnswer), logger: logger), appVersion: "test",
            secrets: SecretValues(), logger: logger, transport: spy)
        configuration.clock = clock
        configuration.random = FixedRandomSource(0.5)
        configuration.resilience = resilience
        configuration.errorReferences = references
        configuration.language = language
        app = ComposedApp(configuration)
    }

    /// The app over a backend that answers from `routes`.
    public convenience init(
        environment: AppEnvironment = .dev, device: SimulatedApplePayDevice = .ready,
        signInAnswer: SignInAnswer = .approve, session: StoredSession? = TestApp.session(),
        store: (any SessionStore)? = nil, routes: RouteScript
    ) {
        self.init(
            environment: environment, device: device, signInAnswer: signInAnswer, session: session, store: store,
            script: routes.script)
    }

    /// A signed-in session for ``baseURL``.
    public nonisolated static func session(accessToken: String = "old", refreshToken: String = "refresh-old")
        -> StoredSession
    {
        StoredSession(
            accessToken: accessToken, refreshToken: refreshToken, expiresAt: nil, userID: "u-1", userName: "Ada",
            origin: BackendOrigin(baseURL))
    }

    /// The references the app's error reports get, in order, unless a test gives others: `7F3K-9Q2M`, then
    /// `4X8R-2B7N`, then `Q9ZD-1HMV`, then again from the first.
    public nonisolated static var references: ErrorReferences {
        .sequence("7F3K-9Q2M", "4X8R-2B7N", "Q9ZD-1HMV")
    }

    /// The app-wide reactions: the alert, the route.
    public var router: Router { app.router }

    /// The journey as `layer action from → to`, one string per step.
    public var journey: [String] {
        probe.events().map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from) → \($0.to ?? "nil")" }
    }

    /// The client reports that reached the backend, as `endpoint keyPath kind`.
    public func deliveredReports() async -> [String] {
        await app.reports.flush()
        return await app.reports.deliveredReports().flatMap { report in
            report.failures.map { "\(report.endpoint) \($0.keyPath) \($0.kind.rawValue)" }
        }
    }

    /// Every defect the app reported to the backend so far (delivered or not), in order.
    public func sentReports() async -> [SentDefect] {
        await app.reports.flush()
        return spy.requests.filter { $0.path == "/v1/client-reports" }.flatMap { request -> [SentDefect] in
            guard let body = request.body, let report = try? JSONDecoder().decode(ClientReport.self, from: body)
            else { return [] }
            return report.failures.map { SentDefect(endpoint: report.endpoint, keyPath: $0.keyPath, kind: $0.kind) }
        }
    }

    /// Every error report the app sent so far (delivered or not), in order.
    public func sentErrorReports() async -> [ErrorReport] {
        await app.reports.flush()
        return spy.requests.filter { $0.path == "/v1/error-reports" }.compactMap { request in
            request.body.flatMap { try? JSONDecoder().decode(ErrorReport.self, from: $0) }
        }
    }

    /// The `Idempotency-Key` of every transfer request sent, in order.
    public var sentKeys: [String?] {
        spy.requests.filter { $0.path == "/v1/transfers" }.map { $0.headers[HeaderName.idempotencyKey] }
    }

    /// How many refreshes the app asked for.
    public var refreshRequests: Int {
        spy.requests.filter { $0.path == "/v1/auth/refresh" }.count
    }
}

/// A session kept in memory, with the same compare-and-delete rules as the file store.
public actor InMemorySessionStore: SessionStore {
    private var session: StoredSession?

    /// Makes a store holding `session`, or signed out.
    public init(_ session: StoredSession? = nil) {
        self.session = session
    }

    /// `memory`: the session is never written anywhere.
    public nonisolated var location: String { "memory" }

    /// The session held now, or `nil` when signed out.
    public func load() -> StoredSession? { session }

    /// Replaces the session.
    public func save(_ session: StoredSession) {
        self.session = session
    }

    /// Saves `session` only while the store holds the session `spentRefreshToken` came from; returns what it holds
    /// afterwards (`nil`: signed out meanwhile, and it stays so).
    public func replace(_ session: StoredSession, after spentRefreshToken: String) -> StoredSession? {
        guard let current = self.session, current.holds(.refreshToken(spentRefreshToken)) else { return self.session }
        self.session = session
        return session
    }

    /// Removes the session if it holds `credential`; otherwise returns the session it holds.
    public func remove(ifStillHolding credential: SessionCredential) -> SessionRemoval {
        guard let current = session else { return .absent }
        guard current.holds(credential) else { return .replaced(by: current) }
        session = nil
        return .removed
    }

    /// Signs out; returns whether there was a session.
    public func clear() -> Bool {
        defer { session = nil }
        return session != nil
    }
}

/// One defect of a client report the app sent.
public struct SentDefect: Hashable, Sendable {
    /// The endpoint the report was for.
    public var endpoint: String
    /// The defect's key path.
    public var keyPath: String
    /// The defect's kind.
    public var kind: DefectKind
}
