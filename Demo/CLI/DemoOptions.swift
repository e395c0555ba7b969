import App
import ArgumentParser
import AuthFeature
import Composition
import DemoBackend
import Foundation
import Logging
import Networking
import Redaction

/// A scenario name on the command line for one screen (or any, for `serve`); `--help` and an unknown name list
/// that screen's scenarios.
struct ScenarioOption<Tag: ScreenTag>: ExpressibleByArgument, Sendable {
    let scenario: DemoScenario

    init?(argument: String) {
        guard let scenario = DemoScenario(rawValue: argument) else { return nil }
        self.scenario = scenario
    }

    static var allValueStrings: [String] {
        (Tag.screen.map(DemoScenario.scenarios(for:)) ?? DemoScenario.allCases).map(\.rawValue)
    }

    /// Refuses a scenario that another screen plays, naming the ones this screen does.
    func validate() throws(ValidationError) {
        guard let screen = Tag.screen, scenario.plan.screen != screen else { return }
        throw ValidationError(
            "\(scenario.rawValue) is a \(scenario.plan.screen.rawValue) scenario; \(screen.rawValue) plays: "
                + Self.allValueStrings.joined(separator: ", "))
    }
}

/// `--scenario`, for one screen's command: the scenario the demo backend and the simulated devices play. Without
/// `--base-url` the screen runs against the embedded backend, playing it (or the screen's default); with it, the
/// scenario's client half is laid over the run against the user's backend.
struct DemoOption<Tag: ScreenTag>: BackendChoice {
    @Option(help: "The scenario the demo backend and the devices play (see below).")
    var scenario: ScenarioOption<Tag>?

    /// The scenario asked for, if any.
    var played: DemoScenario? { scenario?.scenario }

    func validate() throws {
        try scenario?.validate()
    }

    static var words: BackendWords {
        BackendWords(
            baseURL: "Use the backend at this URL instead of the embedded demo.",
            timeoutWithoutBaseURL: "--timeout is for --base-url runs: each demo scenario sets its own",
            sessionFileWithoutBaseURL:
                "--session-file is for --base-url runs: the embedded demo keeps its own session in a temporary file",
            pendingWithScenario: "--pending plays no --scenario")
    }

    /// The app's words on the screen, then the scenarios it plays; the transfer form also says that a scenario
    /// sends its own.
    static func discussion(for screen: Screen, about: String) -> String {
        let scenarios = ScreenHelp.scenarios(for: screen)
        guard !about.isEmpty else { return scenarios }
        let form = screen == .transfer ? " Without --to and --amount a scenario sends its own form." : ""
        return about + form + "\n\n" + scenarios
    }

    var playedScenario: (any ClientScenario)? { played.map(CatalogScenario.init) }

    /// The scenario asked for, or the screen's default, on an embedded backend of its own.
    @MainActor
    func runWithoutBaseURL(
        _ screen: Screen, in context: ScreenCommand.Context, signInAgent: SignInUserAgent?,
        transferInput: TransferInput?
    ) async throws(ExitCode) -> RunReport {
        await context.runDemo(
            played ?? DemoScenario.defaultScenario(for: screen), on: screen, signInAgent: signInAgent,
            transferInput: transferInput)
    }
}

/// Names a screen at the type level, so each screen command's `--scenario` lists only that screen's scenarios.
protocol ScreenTag: Sendable {
    /// The screen, or `nil` for every screen.
    static var screen: Screen? { get }
}

enum PaymentsTag: ScreenTag { static let screen: Screen? = .payments }
enum WalletTag: ScreenTag { static let screen: Screen? = .wallet }
enum SignInTag: ScreenTag { static let screen: Screen? = .signin }
enum ProfileTag: ScreenTag { static let screen: Screen? = .profile }
enum TransferTag: ScreenTag { static let screen: Screen? = .transfer }
// new-feature: screen tags
enum AnyScreenTag: ScreenTag { static let screen: Screen? = nil }

/// The part of each screen's `--help` that lists its scenarios: each name on a line of its own, its summary below
/// it, indented and wrapped to fit 80 columns, so that the help's own wrapping never breaks a line.
enum ScreenHelp {
    static func scenarios(for screen: Screen) -> String {
        let lines = DemoScenario.scenarios(for: screen).flatMap { scenario in
            let marker = scenario == DemoScenario.defaultScenario(for: screen) ? " (default)" : ""
            return ["  " + scenario.rawValue + marker] + wrapped(scenario.plan.summary, width: 72).map { "      " + $0 }
        }
        return (["Scenarios (--scenario):"] + lines).joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }
}

extension Console {
    /// A logger for the demo backend: one line per request on stderr, or nothing.
    static func backendLogger(requestLines: Bool) -> Logger {
        Logger(label: "demo-backend") { label in
            guard requestLines else { return SwiftLogNoOpLogHandler() }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            // A request's path is the client's text: it loses its control characters like everything else written.
            return RedactingLogHandler(writingTo: handler, verbose: true, secrets: nil)
        }
    }
}
