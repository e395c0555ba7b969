import App
import ArgumentParser
import DemoBackend
import Foundation
import SharedError

struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Run every scenario against the embedded backend and show where each error was handled.",
        discussion: """
            Each scenario gets a fresh embedded backend and a session of its own in a temporary folder; nothing of \
            yours is read or written. The tour checks every run against the catalog (the outcome, the exit code, \
            what each layer did and where the error stopped), ends with a summary table, and exits 1 if any \
            scenario strayed. `--format html --output report.html` writes one self-contained page to open in a \
            browser.
            """)

    @OptionGroup var output: OutputOptions

    @Option(
        help: ArgumentHelp(
            "Run only these scenarios, comma-separated (see `errorflow scenarios`).", valueName: "a,b"),
        transform: { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
    var only: [String]?

    @Option(help: "Run only this screen's scenarios.")
    var screen: Screen?

    @Flag(help: "Then show the error reports the demo backend received, grouped by fingerprint (text format).")
    var errorReports = false

    func validate() throws {
        let unknown = (only ?? []).filter { DemoScenario(rawValue: $0) == nil }
        if !unknown.isEmpty {
            throw ValidationError(
                "no scenario \(unknown.joined(separator: ", ")); the scenarios are: "
                    + DemoScenario.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if selected.isEmpty {
            throw ValidationError("--only and --screen leave no scenario to run")
        }
        // `--trace` is taken and changes nothing: the tour always shows each scenario's journey.
        if errorReports, output.format != .text {
            throw ValidationError("--error-reports shows the demo backend's view as text; leave out --format")
        }
    }

    /// The scenarios this tour runs, in catalog order.
    var selected: [DemoScenario] {
        DemoScenario.allCases.filter { scenario in
            (only.map { $0.contains(scenario.rawValue) } ?? true) && (screen.map { scenario.plan.screen == $0 } ?? true)
        }
    }

    @MainActor
    func run() async throws {
        let style = output.format == .text && output.outputPath == nil ? Console.style : .plain
        let secrets = SecretValues()
        let collector = JourneyCollector()
        let logger = Console.logger(label: "errorflow", verbose: output.verbose, secrets: secrets)
        let book = ErrorReportBook()
        let demo = DemoRun(
            options: .init(
                environment: output.env.environment, style: style, appVersion: ErrorFlowCommand.version,
                collector: collector, logger: logger,
                backendLogger: Console.backendLogger(requestLines: output.verbose),
                secrets: secrets, language: output.language, errorReports: book))
        let started = ContinuousClock.now
        let streamsText = output.format == .text && output.outputPath == nil

        var reports: [RunReport] = []
        var sections: [String] = []
        for scenario in selected {
            let report = await demo.run(scenario, on: scenario.plan.screen)
            reports.append(report)
            for note in report.notes { Console.error("\(scenario.rawValue): \(note)") }
            if output.format == .text {
                let section = TourReport.section(for: report, style: style)
                if streamsText { try Console.output(section, secrets: secrets) } else { sections.append(section) }
            }
        }

        let total = ContinuousClock.now - started
        switch output.format {
        case .text:
            var summary = [TourReport.summary(reports, total: total, style: style)]
            if errorReports { summary.append(ErrorReportsView.render(await book.all, style: style)) }
            try Console.deliver((sections + summary).joined(separator: "\n"), to: output.outputPath, secrets: secrets)
        case .json:
            let json = TourJSON(reports, elapsed: total, environment: output.env.environment).rendered()
            try Console.deliver(json, to: output.outputPath, secrets: secrets, json: true)
        case .mermaid:
            if let folder = output.outputPath {
                try Self.writeDiagrams(reports, to: URL(fileURLWithPath: folder), secrets: secrets)
            } else {
                try Console.output(MermaidJourney.document(reports), secrets: secrets)
            }
        case .html:
            let page = try Console.page(reports, title: "ErrorFlow tour: where each error went", elapsed: total)
            try Console.deliver(page, to: output.outputPath, secrets: secrets)
        }
        if reports.contains(where: { !TourReport.matchesCatalog($0) }) { throw ExitCode(1) }
    }

    /// One `.mmd` file per scenario, each one diagram.
    private static func writeDiagrams(_ reports: [RunReport], to folder: URL, secrets: SecretValues) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for report in reports {
                let diagram = OutputText.clean(secrets.scrub(MermaidJourney.render(report))) + "\n"
                try Data(diagram.utf8).write(
                    to: folder.appendingPathComponent("\(report.scenario ?? report.screen.rawValue).mmd"))
            }
        } catch {
            Console.error("cannot write the diagrams to \(folder.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        Console.error("wrote \(reports.count) diagrams to \(folder.path)")
    }
}
