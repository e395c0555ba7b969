import ArgumentParser
import DemoBackend
import Foundation
import Logging
import Networking

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

/// `--scenario`, for one screen's command: the scenario the demo backend and the simulated devices play.
struct DemoOption<Tag: ScreenTag>: ParsableArguments {
    @Option(help: "The scenario the demo backend and the devices play (see below).")
    var scenario: ScenarioOption<Tag>?

    /// The scenario asked for, if any.
    var played: DemoScenario? { scenario?.scenario }

    func validate() throws {
        try scenario?.validate()
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
enum AnyScreenTag: ScreenTag { static let screen: Screen? = nil }

/// The part of each screen's `--help` that lists its scenarios.
enum ScreenHelp {
    static func scenarios(for screen: Screen) -> String {
        let scenarios = DemoScenario.scenarios(for: screen)
        let width = (scenarios.map(\.rawValue.count).max() ?? 0) + 2
        let lines = scenarios.map { scenario in
            let marker = scenario == DemoScenario.defaultScenario(for: screen) ? " (default)" : ""
            return "  " + scenario.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                + scenario.plan.summary
                + marker
        }
        return (["Scenarios (--scenario):"] + lines).joined(separator: "\n")
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
