import App
import AuthFeature
import Composition
import DemoBackend
import ErrorReports
import Foundation
import Logging
import LoopbackHosting
import Navigation
import Networking
import PaymentsFeature
import PrivateFiles
import SharedError

/// The demo harness: plays one scenario of the catalog on the embedded backend, and supplies the app its
/// configuration. It is a guest in the app: its session is a seed written to a temporary folder of its own, which
/// it removes at the end; it never reads or writes the user's session, outbox or backend.
@MainActor
struct DemoRun {
    struct Options {
        var environment: AppEnvironment = .dev
        /// Who answers the sign-in sheet; `nil` uses the scenario's scripted answer.
        var signInAgent: SignInUserAgent?
        var style: TerminalStyle = .plain
        var appVersion: String
        var collector: JourneyCollector
        var logger: Logger
        /// The logger the embedded backend writes its request lines to.
        var backendLogger: Logger
        /// The secrets the app learns; the process's log handler scrubs them.
        var secrets = SecretValues()
        /// The seed session of the embedded backend; `nil` makes fresh random tokens for the run.
        var seed: SeedSession?
        /// Who the embedded backend says the user is.
        var demoUser: DemoUser = .ada
        /// Where each run makes (and removes) its own folder for the seeded session.
        var temporaryDirectory = FileManager.default.temporaryDirectory
        /// What the transfer screen sends; `nil` sends the scenario's form.
        var transferInput: TransferInput?
        /// The transport; `nil` uses the process's (``ProcessTransport``).
        var transport: (any HTTPClient)?
        /// The language the screens speak.
        var language: Language = .english
        /// Where the embedded backends file the error reports they receive: one book for a whole tour.
        var errorReports = ErrorReportBook()
        /// Whether unexplained errors are sent as error reports (`ERRORFLOW_ERROR_REPORTS=off` turns them off).
        var sendsErrorReports = Console.sendsErrorReports
        /// How long the run waits for its reports to reach the embedded backend: a run against the user's backend's
        /// budget (2 s) unless told; tests that read what was delivered give a slow machine more.
        var reportBudget: Duration = .seconds(2)
    }

    let options: Options

    func run(_ scenario: DemoScenario, on screen: Screen) async -> RunReport {
        let plan = scenario.plan
        let seed = options.seed ?? .random()
        let folder = options.temporaryDirectory.appendingPathComponent("errorflow-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        let backend = await Backend.lease(
            for: scenario, seed: seed, user: options.demoUser, errorReports: options.errorReports,
            logger: options.backendLogger)
        let store = FileSessionStore(
            path: folder.appendingPathComponent("session.json"), secrets: options.secrets, logger: options.logger)
        var configuration = AppConfiguration(
            baseURL: backend.url, sessionStore: store, environment: options.environment,
            applePay: PassKitApplePayService(device: plan.applePayDevice, logger: options.logger),
            appleSignIn: AppleSignInFacade(
                userAgent: options.signInAgent ?? .scripted(plan.signInAnswer), logger: options.logger),
            appVersion: options.appVersion, secrets: options.secrets, logger: options.logger,
            transport: options.transport ?? ProcessTransport.shared)
        // A new backend, so a retry budget and a clock of its own: the port may be one an earlier backend of this
        // process had, and that backend's spent budget or skewed clock says nothing about this one.
        configuration.resilience = ResilienceRegistry()
        plan.apply(to: &configuration, answeringSignIn: options.signInAgent == nil)
        configuration.lastContentFiles = LastContentFiles(besideSession: store.path)
        configuration.language = options.language
        configuration.sendsErrorReports = options.sendsErrorReports

        var notes = backend.note.map { [$0] } ?? []
        if plan.startsSignedIn {
            notes += await Self.write(seed, to: store, origin: BackendOrigin(backend.url))
        }
        let app = ComposedApp(configuration)
        if let seed = plan.lastContent, let files = configuration.lastContentFiles {
            notes += await Self.keep(seed, in: files, owner: app.lastContentOwner())
        }
        // The embedded backend stops after the run: its reports go out before the output, within a budget of its own.
        var report = await ScreenRun(
            app: app, collector: options.collector, style: options.style, scenario: scenario.rawValue,
            transferInput: options.transferInput ?? plan.transferInput,
            reportTiming: .beforeOutput(DeliveryBudget(options.reportBudget)),
            backendStoppedOnPurpose: plan.isPlayedByClient
        ).run(screen)
        report.notes = notes + report.notes
        if screen == .transfer { report.backendTransfers = await backend.transferCount }
        report.check = DemoCatalog.check(report)
        await backend.release()
        return report
    }

    /// Starts the run with the last content `seed` says, saved as the demo clock's past would have saved it.
    private static func keep(_ seed: LastContentSeed, in files: LastContentFiles, owner: ContentOwner?) async
        -> [String]
    {
        guard var owner else { return ["no one is signed in: the run starts with no last content"] }
        if seed == .otherUser { owner.user = "u-2" }
        let savedAt = Date().addingTimeInterval(-Double(seed.age.components.seconds))
        // A store that takes the owner as given: the other user's content is written as another run of theirs would.
        let store = LastContentStore(
            .file(files.content, sessionFile: files.session, owns: { _, _ in true }), now: { savedAt })
        let saved = await store.save(Data(LastContentSeed.wallet.utf8), kind: "wallet", for: owner)
        return saved == .saved ? [] : ["the last content could not be kept (\(saved)); the run starts without it"]
    }

    /// Starts the run signed in, with the session the embedded backend was seeded with.
    private static func write(_ seed: SeedSession, to store: FileSessionStore, origin: BackendOrigin) async -> [String]
    {
        do throws(SessionStoreError) {
            try await store.save(
                StoredSession(
                    accessToken: seed.accessToken, refreshToken: seed.refreshToken, expiresAt: nil,
                    userID: seed.userID, userName: seed.userName, signedInAt: Date(), origin: origin))
            return []
        } catch {
            return ["\(error); the run goes on signed out"]
        }
    }
}

/// The backend one demo run talks to: embedded for the scenario, or (for `offline`) nobody.
private struct Backend {
    let url: URL
    /// What the user should know about the backend of this run, if anything.
    var note: String?
    private let embedded: DemoBackend?
    /// The backend that keeps the scenario's books, even when it was stopped before the run (`offline`).
    private var books: DemoBackend?
    /// For `offline`: the stopped backend's port, held so that no other server takes it during the run.
    private var refused: RefusedPort?

    static func lease(
        for scenario: DemoScenario, seed: SeedSession, user: DemoUser, errorReports: ErrorReportBook, logger: Logger
    ) async -> Backend {
        do throws(LoopbackHostError) {
            let backend = try await DemoBackend.start(
                scenario: scenario, seed: seed, user: user, errorReports: errorReports, logger: logger)
            guard scenario.plan.isPlayedByClient else {
                return Backend(url: backend.baseURL, embedded: backend, books: backend)
            }
            // `offline`: a port that was just closed, and is held closed, so the connection is refused.
            await backend.stop()
            var offline = Backend(url: backend.baseURL, embedded: nil, books: backend)
            offline.refused = try? RefusedPort(holding: backend.baseURL.port ?? 0)
            return offline
        } catch {
            // Nothing listens on the discard port: the run then shows what an unreachable backend looks like.
            var unreachable = Backend(
                url: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"), embedded: nil, books: nil)
            unreachable.note = "the embedded backend could not start (\(error)); the run goes on without one"
            return unreachable
        }
    }

    /// How many transfers the backend made; `nil` when there was none to make them.
    var transferCount: Int? {
        get async { await books?.transferCount }
    }

    func release() async {
        await embedded?.stop()
    }
}

extension ScreenCommand.Context {
    /// One screen of the embedded demo, playing `scenario`.
    func runDemo(
        _ scenario: DemoScenario, on screen: Screen, signInAgent: SignInUserAgent?, transferInput: TransferInput?
    ) async -> RunReport {
        let demo = DemoRun(
            options: .init(
                environment: output.env.environment, signInAgent: signInAgent, style: style,
                appVersion: ErrorFlowCommand.version, collector: collector, logger: logger,
                backendLogger: Console.backendLogger(requestLines: output.verbose), secrets: secrets,
                transferInput: transferInput, language: output.language))
        return await demo.run(scenario, on: screen)
    }
}
