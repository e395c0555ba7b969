import ArgumentParser
import DemoBackend
import Foundation

struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios", abstract: "List the scenarios, one line each, with what they demonstrate.")

    func run() {
        let width = (DemoScenario.allCases.map(\.rawValue.count).max() ?? 0) + 2
        for scenario in DemoScenario.allCases {
            let plan = scenario.plan
            let name = scenario.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let screen = plan.screen.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            print("\(name)\(screen)\(plan.summary) → \(plan.expected.rawValue)")
        }
    }
}
