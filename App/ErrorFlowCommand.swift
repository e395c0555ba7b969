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
        discussion: """
            Every screen runs against an embedded demo backend on 127.0.0.1 (or --base-url). Exit codes: 0 the \
            screen rendered (empty states and ignored errors included), 1 an error was presented or the user was \
            routed away, 2 usage error, 3 the backend could not be reached.
            """,
        version: "0.1.0",
        subcommands: [
            TourCommand.self, ScenariosCommand.self, PaymentsCommand.self, WalletCommand.self, SignInCommand.self,
            ProfileCommand.self, ServeCommand.self, LoadCommand.self,
        ]
    )

    static func main() async {
        // Libraries that make their own loggers write warnings to stderr; the app's layers get theirs explicitly.
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label, metadataProvider: JourneyFlow.metadataProvider)
            handler.logLevel = .warning
            return handler
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser exits 64 for usage errors; the documented usage exit code is 2.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            exit(withError: ExitCode(2))
        }
    }
}
