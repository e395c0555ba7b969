import App
import ArgumentParser
import DemoBackend
import Foundation
import Navigation
import SharedError

struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "List the scenarios: each one's screen, what it demonstrates, and how it ends.",
        discussion: """
            Text: one line each (name, screen, what happens → expected outcome and exit code). JSON: an array of \
            {name, screen, summary, expected: {outcome, exitCode, journey: {layers, stopsAt}, alert, \
            backendTransfers}}, with what DEV expects.
            """)

    @Option(help: "Only this screen's scenarios.")
    var screen: Screen?

    @Option(help: "text or json.")
    var format: ListFormat = .text

    enum ListFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let scenarios = DemoScenario.allCases.filter { scenario in screen.map { scenario.plan.screen == $0 } ?? true }
        switch format {
        case .text:
            let width = (scenarios.map(\.rawValue.count).max() ?? 0) + 2
            let lines = scenarios.map { scenario in
                let plan = scenario.plan
                return scenario.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                    + plan.screen.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + "\(plan.summary) → \(plan.expected.rawValue), exit \(plan.expectedExitCode)"
            }
            try Console.output(lines.joined(separator: "\n"))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(scenarios.map(Listed.init))) ?? Data("[]".utf8)
            try Console.output(String(decoding: data, as: UTF8.self), json: true)
        }
    }

    /// One scenario as the JSON list shows it.
    private struct Listed: Encodable {
        var name: String
        var screen: String
        var summary: String
        var expected: TourJSON.Ending

        init(_ scenario: DemoScenario) {
            let plan = scenario.plan
            name = scenario.rawValue
            screen = plan.screen.rawValue
            summary = plan.summary
            expected = TourJSON.Ending(
                outcome: plan.expected.rawValue, exitCode: plan.expectedExitCode,
                journey: plan.expectedJourney(in: .dev), alert: plan.expectedAlert(in: .dev)?.rawValue,
                backendTransfers: plan.expectedTransfers)
        }
    }
}
