import ArgumentParser
import DemoBackend
import Foundation
import SharedError

struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Run every scenario against the embedded backend and show where each error was handled.",
        discussion: """
            Each scenario gets a fresh embedded backend and a fresh session file. The tour checks every outcome \
            and exit code against the catalog, ends with a summary table, and exits 1 if any scenario strayed.
            """)

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        let style = options.format == .text ? Console.style : .plain
        let collector = JourneyCollector()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "errorflow-tour-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logger = Console.logger(label: "errorflow", collector: collector, verbose: options.verbose)
        let started = ContinuousClock.now

        var reports: [RunReport] = []
        for scenario in DemoScenario.allCases {
            let sessionFile =
                options.sessionFile != nil
                ? options.sessionFileURL : folder.appendingPathComponent("\(scenario.rawValue)/session.json")
            let runner = ScenarioRunner(
                options: .init(
                    baseURL: try options.validatedBaseURL(), environment: options.env.environment,
                    sessionFile: sessionFile, style: style, appVersion: ErrorFlowCommand.configuration.version,
                    collector: collector, logger: logger,
                    backendLogger: Console.backendLogger(requestLines: options.verbose)))
            let report = await runner.run(scenario, on: scenario.plan.screen)
            reports.append(report)
            if options.format == .text {
                print(TourReport.section(for: report, style: style))
            }
        }

        let total = ContinuousClock.now - started
        switch options.format {
        case .text: print(TourReport.summary(reports, total: total, style: style))
        case .json: print(JSONReport.render(reports))
        case .mermaid: print(reports.map(MermaidJourney.render).joined(separator: "\n\n"))
        }
        if reports.contains(where: { !TourReport.matchesCatalog($0) }) { throw ExitCode(1) }
    }
}
