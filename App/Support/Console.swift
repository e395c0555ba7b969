import Foundation
import Logging
import SharedError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI writes, and how.
enum Console {
    /// The style for stdout as it is now.
    static var style: TerminalStyle {
        style(isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    }

    /// Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
    static func style(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(usesColor: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("errorflow: \(message)\n".utf8))
    }

    /// `$XDG_CONFIG_HOME/errorflow/session.json`, or `~/.config/errorflow/session.json`.
    static var defaultSessionFile: URL {
        defaultSessionFile(environment: ProcessInfo.processInfo.environment)
    }

    static func defaultSessionFile(environment: [String: String]) -> URL {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return config.appendingPathComponent("errorflow/session.json")
    }

    /// A logger for one process: journey events to `collector`, other lines to stderr at `warning` (or `debug`
    /// with `--verbose`, journey lines included).
    static func logger(label: String, collector: JourneyCollector, verbose: Bool) -> Logger {
        .journeyRecording(label: label, into: collector) { label in
            ConsoleLogHandler(label: label, verbose: verbose)
        }
    }

    /// A logger for the demo backend: one line per request on stderr, or nothing.
    static func backendLogger(requestLines: Bool) -> Logger {
        Logger(label: "demo-backend") { label in
            guard requestLines else { return SwiftLogNoOpLogHandler() }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
    }

    /// Writes a line to stdout at once, unbuffered, for whoever reads it from a pipe.
    static func printNow(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// stderr, without the journey lines unless asked: the journey has its own place (`--trace`, JSON, Mermaid).
struct ConsoleLogHandler: LogHandler {
    private var stream: StreamLogHandler
    private let verbose: Bool

    init(label: String, verbose: Bool) {
        stream = StreamLogHandler.standardError(label: label, metadataProvider: JourneyFlow.metadataProvider)
        stream.logLevel = verbose ? .debug : .warning
        self.verbose = verbose
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        if !verbose, event.metadata?["journey.action"] != nil { return }
        stream.log(event: event)
    }
}
