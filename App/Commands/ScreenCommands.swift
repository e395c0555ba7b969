import ArgumentParser
import AuthFeature
import DemoBackend
import Foundation
import SharedError

/// `errorflow payments|wallet|signin|profile`: one screen, one scenario.
enum ScreenCommand {
    @MainActor
    static func run(
        _ screen: Screen, scenario: ScenarioOption?, options: CommonOptions, signInAgent: SignInUserAgent? = nil
    ) async throws {
        let scenario = scenario?.scenario ?? DemoScenario.defaultScenario(for: screen)
        let style = options.format == .text ? Console.style : .plain
        let collector = JourneyCollector()
        let runner = ScenarioRunner(
            options: .init(
                baseURL: try options.validatedBaseURL(), environment: options.env.environment,
                sessionFile: options.sessionFileURL, signInAgent: signInAgent, style: style,
                appVersion: ErrorFlowCommand.configuration.version, collector: collector,
                logger: Console.logger(label: "errorflow", collector: collector, verbose: options.verbose),
                backendLogger: Console.backendLogger(requestLines: options.verbose)))

        let report = await runner.run(scenario, on: screen)
        for note in report.notes where options.format != .text {
            Console.error(note)
        }
        switch options.format {
        case .text: print(TextReport.render(report, trace: options.trace, style: style))
        case .json: print(JSONReport.render([report]))
        case .mermaid: print(MermaidJourney.render(report))
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}

struct PaymentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payments", abstract: "The payment-methods screen: wallet, cards and Apple Pay.")

    @Option(help: "The scenario the backend and the devices play (see `errorflow scenarios`).")
    var scenario: ScenarioOption?

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(.payments, scenario: scenario, options: options)
    }
}

struct WalletCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet", abstract: "The wallet page, where a missing wallet IS an error.")

    @Option(help: "The scenario the backend plays (see `errorflow scenarios`).")
    var scenario: ScenarioOption?

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(.wallet, scenario: scenario, options: options)
    }
}

struct SignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signin",
        abstract: "Sign in through the sign-in SDK stand-in.",
        discussion: "On a terminal the stand-in asks you; otherwise (or with --answer) the answer is scripted.")

    @Option(help: "The scenario the backend plays (see `errorflow scenarios`).")
    var scenario: ScenarioOption?

    @Option(help: "Answer the sign-in sheet without asking: approve, cancel, fail or unknown.")
    var answer: AnswerOption?

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        let agent: SignInUserAgent? =
            if let answer { .scripted(answer.answer) } else if Console.inputIsTerminal { .terminalPrompt } else { nil }
        try await ScreenCommand.run(.signin, scenario: scenario, options: options, signInAgent: agent)
    }
}

struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "The profile screen, decoded with fail-validated models.")

    @Option(help: "The scenario the backend plays (see `errorflow scenarios`).")
    var scenario: ScenarioOption?

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(.profile, scenario: scenario, options: options)
    }
}
