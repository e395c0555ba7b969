import AuthFeature
import DemoBackend
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError

/// Runs one screen for one scenario: backend, session, composition, the screen's load, and the report.
@MainActor
struct ScenarioRunner {
    struct Options {
        /// Another backend to use instead of the embedded one; it must implement the contract.
        var baseURL: URL?
        var environment: AppEnvironment = .dev
        var sessionFile: URL
        /// Who answers the sign-in sheet; `nil` uses the scenario's scripted answer.
        var signInAgent: SignInUserAgent?
        var style: TerminalStyle = .plain
        var appVersion: String
        var collector: JourneyCollector
        var logger: Logger
        /// The logger the embedded backend writes its request lines to.
        var backendLogger: Logger
        /// The seed session of the embedded backend; `nil` makes fresh random tokens for the run.
        var seed: SeedSession?
        /// Who the embedded backend says the user is.
        var demoUser: DemoUser = .ada
    }

    let options: Options

    func run(_ scenario: DemoScenario, on screen: Screen) async -> RunReport {
        let flow = JourneyFlowID("\(scenario.rawValue)-\(UUID().uuidString.prefix(8))")
        let started = ContinuousClock.now
        var report = await JourneyFlow.$current.withValue(flow) {
            await runInFlow(scenario, on: screen)
        }
        report.journey = options.collector.removeEntries(in: flow)
        report.deliberateWait = report.journey.compactMap(\.event.waited).reduce(.zero, +)
        report.elapsed = ContinuousClock.now - started
        report.outcome = Self.outcome(of: report)
        report.exitCode = report.outcome.exitCode(backendUnreachable: Self.backendWasUnreachable(report.journey))
        return report
    }

    private func runInFlow(_ scenario: DemoScenario, on screen: Screen) async -> RunReport {
        let plan = scenario.plan
        var notes: [String] = []
        let backend = await Backend.lease(
            for: scenario, baseURL: options.baseURL, seed: options.seed ?? .random(), user: options.demoUser,
            logger: options.backendLogger)
        notes += backend.note.map { [$0] } ?? []

        let store = FileSessionStore(path: options.sessionFile, logger: options.logger)
        if plan.startsSignedIn, let seed = backend.seed {
            do throws(SessionStoreError) {
                try await store.save(
                    StoredSession(
                        accessToken: seed.accessToken, refreshToken: seed.refreshToken, expiresAt: nil,
                        userID: seed.userID, userName: seed.userName))
            } catch {
                notes.append("\(error); the run goes on signed out")
                await store.clear()
            }
        }

        let app = ComposedApp(
            .init(
                baseURL: backend.url, store: store, plan: plan,
                signInAgent: options.signInAgent ?? .scripted(plan.signInAnswer), environment: options.environment,
                appVersion: options.appVersion, logger: options.logger))
        var report = await load(screen, in: app, scenario: scenario)
        await app.reports.flush()
        report.clientReports = await app.reports.deliveredReports()
        report.notes = notes
        await backend.release()
        return report
    }

    private func load(_ screen: Screen, in app: ComposedApp, scenario: DemoScenario) async -> RunReport {
        let style = options.style
        let text: String
        let state: any Encodable & Sendable
        let screenError: PresentationError?
        var isEmpty = false
        switch screen {
        case .payments:
            let viewModel = app.paymentMethods()
            await viewModel.load()
            (text, state, screenError) =
                (PaymentMethodsScreen.render(viewModel.state, style: style), viewModel.state, viewModel.state.error)
            isEmpty = viewModel.state.isEmpty
        case .wallet:
            let viewModel = app.walletPage()
            await viewModel.load()
            (text, state, screenError) = (
                WalletPageScreen.render(viewModel.state, style: style), viewModel.state, viewModel.state.error
            )
        case .signin:
            let viewModel = app.signIn()
            await viewModel.signIn()
            (text, state, screenError) = (
                SignInScreen.render(viewModel.state, style: style), viewModel.state, viewModel.state.error
            )
        case .profile:
            let viewModel = app.profile()
            await viewModel.load()
            (text, state, screenError) = (
                ProfileScreen.render(viewModel.state, style: style), viewModel.state, viewModel.state.error
            )
        }
        let alert = app.router.presentedError
        var screenText = text
        if let alert {
            screenText += "\n" + alert.rendered(style: style).map { style.red($0) }.joined(separator: "\n")
        }
        if app.router.route == .signIn {
            screenText += "\n" + style.yellow("→ Navigation: routed to sign-in")
        }
        return RunReport(
            scenario: scenario, screen: screen, outcome: isEmpty ? .empty : .content, exitCode: 0,
            screenText: screenText, state: state, presentedError: alert ?? screenError, route: app.router.route,
            journey: [], clientReports: [], elapsed: .zero, deliberateWait: .zero, notes: [])
    }

    /// How the run ended: routed, presented, ignored, empty, or content, in that order of precedence.
    static func outcome(of report: RunReport) -> Outcome {
        if report.route != nil { return .routed }
        if report.presentedError != nil { return .presented }
        if report.journey.contains(where: { $0.event.action == .ignored && $0.event.layer == .presentation }) {
            return .ignored
        }
        return report.outcome == .empty ? .empty : .content
    }

    /// Navigation presented the shared "network unavailable": the backend could not be reached at all.
    static func backendWasUnreachable(_ journey: [JourneyEntry]) -> Bool {
        journey.contains {
            $0.event.layer == .navigation && $0.event.action == .presented
                && $0.event.from == APIError.networkUnavailable.journeyName
        }
    }
}

/// The backend one run talks to: embedded for the scenario, someone else's, or (for `offline`) nobody.
private struct Backend {
    let url: URL
    /// The session the backend accepts from the start, when there is one to write.
    let seed: SeedSession?
    /// What the user should know about the backend of this run, if anything.
    var note: String?
    private let embedded: DemoBackend?

    static func lease(
        for scenario: DemoScenario, baseURL: URL?, seed: SeedSession, user: DemoUser, logger: Logger
    ) async -> Backend {
        if let baseURL {
            return Backend(url: baseURL, seed: .demo, embedded: nil)
        }
        do throws(LoopbackHostError) {
            let backend = try await DemoBackend.start(scenario: scenario, seed: seed, user: user, logger: logger)
            guard scenario.plan.isPlayedByClient else {
                return Backend(url: backend.baseURL, seed: seed, embedded: backend)
            }
            // `offline`: a port that was just closed, so the connection is refused.
            await backend.stop()
            return Backend(url: backend.baseURL, seed: seed, embedded: nil)
        } catch {
            // Nothing listens on the discard port: the run then shows what an unreachable backend looks like.
            var unreachable = Backend(
                url: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"), seed: seed, embedded: nil)
            unreachable.note = "the embedded backend could not start (\(error)); the run goes on without one"
            return unreachable
        }
    }

    func release() async {
        await embedded?.stop()
    }
}
