public import ArgumentParser
import Foundation
import Logging
import SharedError

/// What every `errorflow` executable shares: its name, version and help, and how it runs a command line. The app's
/// own executable (`App/Main`) and the demo's (`Demo/CLI`) each list their commands and hand them to ``main(_:)``;
/// it is the one public part of App, the library of the app's commands.
public enum ErrorFlowCommand {
    /// The version every executable prints, and every report carries.
    public static let version = "0.1.0"

    /// The root command's configuration: `backends` says where the screens run, `subcommands` are the executable's.
    public static func configuration(backends: String, subcommands: [any ParsableCommand.Type])
        -> CommandConfiguration
    {
        CommandConfiguration(
            commandName: Console.binaryName,
            abstract: "Watch errors travel through the layers of a multi-module Swift app.",
            discussion: backends
                + " (sign in first; `\(Console.binaryName) session show` tells who is signed in)."
                + " " + exitCodes + "\n\n" + environment,
            version: version,
            subcommands: subcommands
        )
    }

    static let exitCodes = """
        Exit codes: 0 the screen rendered (empty states and ignored errors included), 1 an error was presented or \
        the user was routed away, 2 usage error, 3 the backend could not be reached or does not speak the contract, \
        4 a transfer was not sent because the pending-writes journal could not record it or would not let it out \
        (a line on stderr says why and what to do), 5 the screen showed its last content because the backend could \
        not be reached or did not answer in time, 141 the output's reader left (a closed pipe: | head).
        """

    static let environment = """
        Environment: LC_ALL, LC_MESSAGES or LANG choose the language (en, de; --locale overrides them). \
        ERRORFLOW_ERROR_REPORTS=off sends no report: queued ones wait for a run with reports on. \
        ERRORFLOW_TRANSPORT=urlsession or async-http-client chooses the transport. NO_COLOR turns colour off. \
        XDG_CONFIG_HOME places the session; XDG_STATE_HOME the report outbox and the pending writes; a relative \
        path is ignored for HOME's .config and .local/state.
        """

    /// Runs the command line with `Root` as the root command: parses it, runs the command, lets the reports still
    /// to go out have what is left of the run's budget, closes the transport, and exits with the documented code.
    public static func main<Root: ParsableCommand>(_ root: Root.Type) async {
        Console.ignoreBrokenPipes()
        Console.nameBinary(fromPath: CommandLine.arguments.first)
        // Libraries that make their own loggers write warnings to stderr; the app's layers get theirs explicitly.
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label, metadataProvider: JourneyFlow.metadataProvider)
            handler.logLevel = .warning
            return handler
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help", let unknown = unknownCommand(in: Array(arguments.dropFirst()), of: root) {
            // ArgumentParser would print the root help and exit 0 for a topic it does not know.
            Console.error("no command '\(unknown)'; `\(Console.binaryName) --help` lists the commands")
            Root.exit(withError: ExitCode(2))
        }
        if let problem = Console.environmentProblem(ProcessInfo.processInfo.environment) {
            Console.error(problem)
            Root.exit(withError: ExitCode(2))
        }
        var failure: (any Error)?
        do {
            let command = try Root.parseAsRoot()
            await ReportDelivery.choose(for: (command as? any ReportingCommand)?.output.format)
            try await run(command)
        } catch {
            failure = error
        }
        // The output is written: the reports still to go out get what is left of the run's budget, no more.
        await ReportDelivery.finish()
        // One transport served the whole run; it closes its connections before the process ends.
        await ProcessTransport.shutdown()
        guard let failure else { return }
        // ArgumentParser exits 64 for usage errors; the documented usage exit code is 2.
        guard Root.exitCode(for: failure) == .validationFailure else { Root.exit(withError: failure) }
        Console.stderr(OutputText.clean(Root.fullMessage(for: failure) + "\n"))
        Root.exit(withError: ExitCode(2))
    }

    /// Runs the parsed command, as ArgumentParser would.
    private static func run(_ command: any ParsableCommand) async throws {
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var command = command
            try command.run()
        }
    }

    /// The first name in `path` that is not a command at its place under `root` (`help session frob` → `frob`), if
    /// any.
    static func unknownCommand(in path: [String], of root: any ParsableCommand.Type) -> String? {
        var commands = root.configuration.subcommands
        for name in path where !name.hasPrefix("-") {
            guard let command = commands.first(where: { $0._commandName == name }) else { return name }
            commands = command.configuration.subcommands
        }
        return nil
    }
}
