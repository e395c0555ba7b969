import ArgumentParser
import AuthFeature
import DemoBackend
import Foundation
import Navigation
import SharedError

/// The options every screen command (and the tour) takes.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Use the backend at this URL instead of starting the embedded one.",
            discussion:
                "It must implement the backend contract; screens that need a session start from the demo seed session that `errorflow serve` accepts.",
            valueName: "url"))
    var baseURL: String?

    @Option(help: "dev also presents LocalizedErrors that prod only logs.")
    var env: EnvironmentOption = .dev

    @Option(help: "text, json (one documented object) or mermaid (the journey as a sequence diagram).")
    var format: OutputFormat = .text

    @Flag(help: "Print the error journey after the screen (text format).")
    var trace = false

    @Option(
        name: .customLong("session-file"),
        help: ArgumentHelp("Where the signed-in session is kept (created 0600).", valueName: "path"))
    var sessionFile: String?

    @Flag(name: .shortAndLong, help: "Also write the layers' log lines, journey included, to stderr.")
    var verbose = false

    func validate() throws {
        _ = try validatedBaseURL()
    }

    /// The `--base-url`, checked: http or https, with a host.
    func validatedBaseURL() throws(ValidationError) -> URL? {
        guard let baseURL else { return nil }
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw ValidationError(
                "--base-url '\(baseURL)' is not an http(s) URL with a host, such as http://127.0.0.1:8080")
        }
        return url
    }

    var sessionFileURL: URL {
        sessionFile.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) } ?? Console.defaultSessionFile
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, mermaid
}

enum EnvironmentOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dev, prod

    var environment: AppEnvironment { self == .dev ? .dev : .prod }
}

/// A scenario name on the command line; an unknown one lists the valid names.
struct ScenarioOption: ExpressibleByArgument, Sendable {
    let scenario: DemoScenario

    init?(argument: String) {
        guard let scenario = DemoScenario(rawValue: argument) else { return nil }
        self.scenario = scenario
    }

    static var allValueStrings: [String] { DemoScenario.allCases.map(\.rawValue) }
}

enum AnswerOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case approve, cancel, fail, unknown

    var answer: SignInAnswer {
        switch self {
        case .approve: .approve
        case .cancel: .cancel
        case .fail: .fail
        case .unknown: .unknown
        }
    }
}
