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
        version: "0.1.0"
    )

    static func main() async {
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
