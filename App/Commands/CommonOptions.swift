import ArgumentParser
import AuthFeature
import DemoBackend
import Foundation
import Navigation
import SharedError

/// How a run is shown: environment, format, where it goes, trace, verbosity. Every screen command and the tour take
/// these.
struct OutputOptions: ParsableArguments {
    @Option(help: "dev presents errors no screen explained with developer detail; prod shows the safe default.")
    var env: EnvironmentOption = .dev

    @Option(
        help:
            "text, json (one documented object), mermaid (the journey as a sequence diagram) or html (one self-contained page)."
    )
    var format: OutputFormat = .text

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Write to this file instead of stdout (the tour with --format mermaid: a folder, one .mmd per scenario).",
            valueName: "path"))
    var outputPath: String?

    @Flag(help: "Print the error journey after the screen (text format).")
    var trace = false

    @Flag(name: .shortAndLong, help: "Also write the layers' log lines, journey included, to stderr.")
    var verbose = false
}

/// Which backend a screen talks to, and where its session is kept.
struct BackendOptions: ParsableArguments {
    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Use the backend at this URL instead of the embedded demo.",
            discussion:
                "It must implement the backend contract. Sign in first (`errorflow signin --base-url URL`); the session is kept in --session-file.",
            valueName: "url"))
    var baseURL: String?

    @Option(
        name: .customLong("session-file"),
        help: ArgumentHelp(
            "Where the session of a --base-url run is kept (default $XDG_CONFIG_HOME/errorflow/session.json, created 0600 at sign-in).",
            valueName: "path"))
    var sessionFile: String?

    func validate() throws {
        _ = try validatedBaseURL()
        if sessionFile != nil, baseURL == nil {
            throw ValidationError(
                "--session-file is for --base-url runs: the embedded demo keeps its own session in a temporary file")
        }
    }

    /// The `--base-url`, checked: http or https (any case), a host, and a port from 1 to 65535 if one is given.
    func validatedBaseURL() throws(ValidationError) -> URL? {
        guard let baseURL else { return nil }
        return try Self.parseBaseURL(baseURL)
    }

    static func parseBaseURL(_ text: String) throws(ValidationError) -> URL {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
            components.port.map({ (1...65535).contains($0) }) ?? true, let url = components.url
        else {
            throw ValidationError(
                "--base-url '\(text)' is not an http(s) URL with a host and a port from 1 to 65535, such as http://127.0.0.1:8080"
            )
        }
        return url
    }

    /// The session file of a `--base-url` run, checked: a path that cannot be one (empty, a directory, a device, a
    /// FIFO, a symbolic link, a file errorflow did not write) is refused with one line and exit 2, untouched.
    func checkedSessionFile() throws -> URL {
        try Self.checkedSessionFile(sessionFile)
    }

    static func checkedSessionFile(_ path: String?) throws -> URL {
        if path?.isEmpty == true {
            throw Console.refusal("--session-file: an empty path cannot be the session file")
        }
        let url = sessionFileURL(path)
        if let problem = FileSessionStore.check(url) {
            throw Console.refusal("\(problem); choose another --session-file")
        }
        return url
    }

    /// `--session-file`, or the default under the user's config directory.
    var sessionFileURL: URL {
        Self.sessionFileURL(sessionFile)
    }

    static func sessionFileURL(_ path: String?) -> URL {
        guard let path else { return Console.defaultSessionFile }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, mermaid, html
}

enum EnvironmentOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dev, prod

    var environment: AppEnvironment { self == .dev ? .dev : .prod }
}

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
