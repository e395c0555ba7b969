import ArgumentParser
import Foundation
import Logging
import SharedError

/// `errorflow`: watch errors travel through the layers of a multi-module app.
@main
struct ErrorFlowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "errorflow",
        abstract: "Watch errors travel through the layers of a multi-module Swift app.",
        discussion: backends + " " + exitCodes + "\n\n" + environment,
        version: "0.1.0",
        subcommands: [
            TourCommand.self, ScenariosCommand.self,  // demo
            PaymentsCommand.self, WalletCommand.self, SignInCommand.self, ProfileCommand.self, TransferCommand.self,
            // new-feature: commands
            SessionCommand.self,
            ServeCommand.self, LoadCommand.self,  // demo
        ]
    )

    static let backends =
        "Every screen runs against an embedded demo backend on 127.0.0.1, or against your own with --base-url"  // demo
        // without-demo: "Every screen runs against your backend at --base-url"
        + " (sign in first; `errorflow session show` tells who is signed in)."

    static let exitCodes = """
        Exit codes: 0 the screen rendered (empty states and ignored errors included), 1 an error was presented or \
        the user was routed away, 2 usage error, 3 the backend could not be reached or does not speak the contract,         4 a transfer was not sent because the pending-writes journal could not record it or would not let it out (a         line on stderr says why and what to do).
        """

    static let environment = """
        Environment: LC_ALL, LC_MESSAGES or LANG choose the language (en, de; --locale overrides them). \
        ERRORFLOW_ERROR_REPORTS=off sends no error report for an error nobody explained. \
        ERRORFLOW_TRANSPORT=urlsession or async-http-client chooses the transport. NO_COLOR turns colour off. \
        XDG_CONFIG_HOME places the session; XDG_STATE_HOME the report outbox and the pending writes.
        """

    static func main() async {
        // Libraries that make their own loggers write warnings to stderr; the app's layers get theirs explicitly.
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label, metadataProvider: JourneyFlow.metadataProvider)
            handler.logLevel = .warning
            return handler
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help", let unknown = unknownCommand(in: Array(arguments.dropFirst())) {
            // ArgumentParser would print the root help and exit 0 for a topic it does not know.
            Console.error("no command '\(unknown)'; `errorflow --help` lists the commands")
            exit(withError: ExitCode(2))
        }
        var failure: (any Error)?
        do {
            var command = try parseAsRoot()
            ReportDelivery.choose(for: (command as? any ReportingCommand)?.output.format)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            failure = error
        }
        // The output is written: the reports still to go out get what is left of the run's budget, no more.
        await ReportDelivery.finish()
        // One transport served the whole run; it closes its connections before the process ends.
        await ProcessTransport.shutdown()
        guard let failure else { return }
        // ArgumentParser exits 64 for usage errors; the documented usage exit code is 2.
        guard exitCode(for: failure) == .validationFailure else { exit(withError: failure) }
        FileHandle.standardError.write(Data(OutputText.clean(fullMessage(for: failure) + "\n").utf8))
        exit(withError: ExitCode(2))
    }

    /// The first name in `path` that is not a command at its place (`help session frob` → `frob`), if any.
    static func unknownCommand(in path: [String]) -> String? {
        var commands = configuration.subcommands
        for name in path where !name.hasPrefix("-") {
            guard let command = commands.first(where: { $0._commandName == name }) else { return name }
            commands = command.configuration.subcommands
        }
        return nil
    }
}
