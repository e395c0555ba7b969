import AuthFeature
package import Composition
import ErrorReports
import Foundation
import KeyedWrites
import Logging
import Navigation
import Networking
import PaymentsFeature
package import SharedError
import TransfersFeature

/// Loads one screen of a composed app inside its own journey flow, and reports what the user saw, how it ended,
/// and the journey the layers recorded in that run.
@MainActor
package struct ScreenRun {
    let app: ComposedApp
    let collector: JourneyCollector
    var style: TerminalStyle = .plain
    /// The scenario being played, if any, for the report.
    var scenario: String?
    /// What to tell a user whose screen needs a session they do not have (`nil`: nothing).
    var signInHint: String?
    /// What the transfer screen sends.
    var transferInput = TransferInput(toAccount: "", amount: "")
    /// When the run's reports go out (``ReportDelivery``); `nil`: as the process's command chose.
    var reportTiming: ReportDelivery.Timing?
    /// The backend was stopped for the run (the demo's offline scenarios): that it could not be used is the run's
    /// subject, and no note says it.
    var backendStoppedOnPurpose = false

    package init(
        app: ComposedApp, collector: JourneyCollector, style: TerminalStyle = .plain, scenario: String? = nil,
        signInHint: String? = nil, transferInput: TransferInput = TransferInput(toAccount: "", amount: ""),
        reportTiming: ReportDelivery.Timing? = nil, backendStoppedOnPurpose: Bool = false
    ) {
        self.app = app
        self.collector = collector
        self.style = style
        self.scenario = scenario
        self.signInHint = signInHint
        self.transferInput = transferInput
        self.reportTiming = reportTiming
        self.backendStoppedOnPurpose = backendStoppedOnPurpose
    }

    package func run(_ screen: Screen) async -> RunReport {
        let flow = JourneyFlowID("\(scenario ?? screen.rawValue)-\(UUID().uuidString.prefix(8))")
        let started = ContinuousClock.now
        var notes: [String] = []
        if screen.needsSession, let signInHint, let note = await signedOutNote(hint: signInHint) {
            notes.append(note)
        }
        var report = await JourneyFlow.$current.withValue(flow) {
            await JourneyFlow.recording(into: collector) { await load(screen) }
        }
        await app.settle()
        // Never waits past the run's budget; with text output it does not wait at all before the output.
        await ReportDelivery.deliver(app.reports, timing: reportTiming ?? ReportDelivery.timing)
        report.clientReports = await app.reports.deliveredReports()
        report.errorReports = await app.reports.deliveredErrorReports()
        report.pendingReports = await app.reports.pendingReports()
        report.journey = collector.removeEntries(in: flow)
        report.deliberateWait = report.journey.compactMap(\.event.waited).reduce(.zero, +)
        report.elapsed = ContinuousClock.now - started
        report.outcome = Self.outcome(of: report)

        let unreachable = Self.backendWasUnreachable(report.journey)
        let unusable = unreachable ? nil : app.backendUsage.unusableReason
        if let unusable, !backendStoppedOnPurpose {
            notes.append("the backend at \(app.configuration.baseURL.absoluteString) could not be used: \(unusable)")
        }
        let withheld = await app.pendingWrites.refusals.first
        if let withheld { notes.append(JournalAdvice.line(for: withheld, baseURL: app.configuration.baseURL)) }
        report.exitCode = report.outcome.exitCode(
            backendUnusable: unreachable || unusable != nil, writeWithheld: withheld != nil)
        report.notes = notes
        return report
    }

    /// Why the run has no session for its backend, if it has none: no session at all, or one another backend
    /// issued (left as it is: its tokens are never sent here).
    private func signedOutNote(hint: String) async -> String? {
        let path = app.sessionStore.location
        let origin = BackendOrigin(app.configuration.backendIdentity)
        guard let session = await app.sessionStore.load() else {
            return "not signed in (no session at \(path)): \(hint)"
        }
        guard let owner = session.origin else {
            return
                "not signed in to \(origin): the session at \(path) does not say which backend issued it (an earlier version wrote it), so it is sent nowhere; \(hint)"
        }
        guard owner == origin else {
            return
                "not signed in to \(origin): the session at \(path) is for \(owner), and its tokens go nowhere else (it is left as it is); \(hint)"
        }
        return nil
    }

    private func load(_ screen: Screen) async -> RunReport {
        let language = app.configuration.language
        let text: String
        let state: any Encodable & Sendable
        let screenError: PresentationError?
        var isEmpty = false
        var showsLastContent = false
        switch screen {
        case .payments:
            let viewModel = app.paymentMethods()
            await viewModel.load()
            (text, state, screenError) = (
                PaymentMethodsScreen.render(viewModel.state, style: style, language: language), viewModel.state, nil
            )
            isEmpty = viewModel.state.isEmpty
            showsLastContent = viewModel.state.notice != nil
        case .wallet:
            let viewModel = app.walletPage()
            await viewModel.load()
            (text, state, screenError) = (
                WalletPageScreen.render(viewModel.state, style: style, language: language), viewModel.state,
                viewModel.state.error
            )
            showsLastContent = viewModel.state.notice != nil
        case .signin:
            let viewModel = app.signIn()
            await viewModel.signIn()
            (text, state, screenError) = (
                SignInScreen.render(viewModel.state, style: style, language: language), viewModel.state,
                viewModel.state.error
            )
        case .profile:
            let viewModel = app.profile()
            await viewModel.load()
            (text, state, screenError) = (
                ProfileScreen.render(viewModel.state, style: style, language: language), viewModel.state,
                viewModel.state.error
            )
            showsLastContent = viewModel.state.notice != nil
        case .transfer:
            let viewModel = app.transfer()
            let input = transferInput
            if let id = input.statusOf {
                await viewModel.checkStatus(of: id)
            } else {
                viewModel.edit(
                    toAccount: input.toAccount, amount: input.amount, currency: input.currency, note: input.note)
                await viewModel.send(again: input.again)
            }
            (text, state, screenError) = (
                TransferScreen.render(viewModel.state, style: style, language: language), viewModel.state,
                TransferScreen.presentedError(of: viewModel.state, in: language)
            )
        // new-feature: screen runs
        }
        let alert = app.router.presentedError
        var screenText = text
        if let alert {
            screenText += "\n" + alert.rendered(style: style).map { style.red($0) }.joined(separator: "\n")
        }
        if app.router.route == .signIn {
            screenText += "\n" + style.yellow("→ " + SharedText.routedToSignIn(in: language))
        }
        return RunReport(
            scenario: scenario, screen: screen, environment: app.configuration.environment,
            outcome: showsLastContent ? .lastContent : isEmpty ? .empty : .content, exitCode: 0,
            screenText: screenText, state: state, presentedError: alert ?? screenError, route: app.router.route,
            journey: [], clientReports: [], pendingReports: .init(entries: [], dropped: 0), elapsed: .zero,
            deliberateWait: .zero, notes: [])
    }

    /// How the run ended: routed, presented, ignored, empty, or content, in that order of precedence.
    static func outcome(of report: RunReport) -> Outcome {
        if report.route != nil { return .routed }
        if report.presentedError != nil { return .presented }
        if report.journey.contains(where: { $0.event.action == .ignored && $0.event.layer == .presentation }) {
            return .ignored
        }
        return report.outcome == .empty || report.outcome == .lastContent ? report.outcome : .content
    }

    /// Navigation presented "offline": the backend could not be reached at all.
    static func backendWasUnreachable(_ journey: [JourneyEntry]) -> Bool {
        let offline = AppWideCondition.offline.journeyName
        return journey.contains { entry in
            entry.event.layer == .navigation && entry.event.action == .presented && entry.event.from == offline
        }
    }
}
