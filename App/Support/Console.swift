package import ArgumentParser
import Foundation
package import Logging
import Networking
import Redaction
package import SharedError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI writes, and how.
package enum Console {
    /// The style for stdout as it is now.
    package static var style: TerminalStyle {
        style(isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    }

    /// Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
    static func style(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(usesColor: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    package static var inputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    /// The name of the binary that is running, from the path it was started by: `errorflow`, `errorflow-app`, or
    /// whatever a team renamed the product to. Help, hints, notes and completion scripts call it by this name.
    /// `errorflow` until ``ErrorFlowCommand/main(_:)`` reads it (in tests that call the commands in process).
    package static var binaryName: String { runningName.withLock { $0 } }
    private static let runningName = LockedState("errorflow")

    /// Takes the binary's name from `path` (`CommandLine.arguments[0]`); an empty one leaves `errorflow`.
    static func nameBinary(fromPath path: String?) {
        guard let name = path.map({ URL(fileURLWithPath: $0).lastPathComponent }), !name.isEmpty else { return }
        runningName.withLock { $0 = name }
    }

    /// One line on stderr: `errorflow: message` (the running binary's name), without control characters.
    package static func error(_ message: String) {
        write(OutputText.clean("\(binaryName): \(Redaction.text(message))\n"), to: STDERR_FILENO)
    }

    /// `text` on stderr as it is given (ArgumentParser's usage message, cleaned by the caller; the load's progress
    /// line with its own `\r` and erase), scrubbed by pattern.
    package static func stderr(_ text: String) {
        write(Redaction.text(text), to: STDERR_FILENO)
    }

    /// The exit code of a run whose reader left (a closed pipe: `| head`, `| grep -q`): 141, what a shell shows for
    /// a process that SIGPIPE ended, so a script tells it from a failure the same way as for `cat` or `grep`.
    package static let readerLeft: Int32 = 141

    /// Writes `text` whole to `descriptor` (stdout or stderr), and returns the error number of a write that failed
    /// (``writeAll(_:to:)``).
    @discardableResult
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        writeAll(Data(text.utf8), to: descriptor)
    }

    /// Writes `data` whole to `descriptor` (stdout, stderr, or the FIFO `--output` names), and returns the error
    /// number of a write that failed. A reader that left (`EPIPE`) ends the run at once and quietly, with
    /// ``readerLeft``: nothing more is written, and nothing traps. The process ignores SIGPIPE
    /// (``ignoreBrokenPipes()``), so this is the one way such a run ends, whatever the command and format.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while failure == nil, offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno != EINTR {
                    failure = errno
                }
            }
        }
        if failure == EPIPE { exit(readerLeft) }
        return failure
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of ending the process by a signal, so that
    /// ``write(_:to:)`` decides how the run ends. What ArgumentParser prints (help, version, completion scripts) is
    /// flushed as the process exits; a reader that left it ends the run with ``readerLeft`` too.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
        atexit {
            if fflush(nil) != 0, errno == EPIPE { _exit(Console.readerLeft) }
        }
    }

    /// Says why a command refuses to go on, in one line, and returns the usage exit code (2) to throw.
    package static func refusal(_ message: String) -> ExitCode {
        error(message)
        return ExitCode(2)
    }

    /// Writes `text` and a newline to stdout, scrubbed of every secret the app holds (the user's own email is
    /// kept on the profile screen) and of control characters (``OutputText``; `json` for JSON text). A reader that
    /// left ends the run quietly (``readerLeft``); any other failed write (a full disk) is one line and exit 1.
    package static func output(
        _ text: String, secrets: SecretValues? = nil, keepingPersonal: Bool = false, json: Bool = false
    ) throws(ExitCode) {
        let cleaned = finished(text, secrets: secrets, keepingPersonal: keepingPersonal, json: json)
        if let failure = write(cleaned, to: STDOUT_FILENO) {
            self.error("cannot write the output: \(String(cString: strerror(failure)))")
            throw ExitCode(1)
        }
    }

    /// Writes `text` to the path the user gave with `--output`, or to stdout when there is none; scrubbed and
    /// cleaned as ``output(_:secrets:keepingPersonal:json:)`` does. What is at the path decides how
    /// (``OutputDestination``): a regular file (or nothing) is replaced atomically; a FIFO or a character device
    /// (`/dev/stdout`, `/dev/tty`) is written through; a symbolic link is followed to what it names; a directory or a
    /// block device is refused (exit 2, one line). A write that fails is one line and exit 1.
    package static func deliver(
        _ text: String, to path: String?, secrets: SecretValues? = nil, keepingPersonal: Bool = false,
        json: Bool = false
    ) throws(ExitCode) {
        guard let path else { return try output(text, secrets: secrets, keepingPersonal: keepingPersonal, json: json) }
        let cleaned = finished(text, secrets: secrets, keepingPersonal: keepingPersonal, json: json)
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do throws(OutputDestination.Failure) {
            let destination = try OutputDestination(url)
            try destination.write(Data(cleaned.utf8))
            if destination.isFile { self.error("wrote \(url.path)") }
        } catch {
            switch error {
            case .refused(let reason):
                throw refusal("--output \(path) \(reason)")
            case .failed(let reason):
                self.error("cannot write \(url.path): \(reason)")
                throw ExitCode(1)
            }
        }
    }

    /// The text as it leaves the app: secrets scrubbed, control characters removed, one newline at the end.
    ///
    /// Every output goes through it (and every line on stderr through the same patterns, ``error(_:)``): the
    /// secrets the app holds are scrubbed by value, and
    /// what no run told the app of (a token or an email in a report file, a looked-up report, an echoed input) by
    /// pattern (``Redaction/text(_:known:)``: bearer tokens, `*token`, `password`, `secret` and `email` fields,
    /// emails). Only the profile screen (`keepingPersonal`) keeps the user's own email, and so skips the patterns.
    static func finished(_ text: String, secrets: SecretValues?, keepingPersonal: Bool, json: Bool) -> String {
        let scrubbed =
            keepingPersonal
            ? secrets?.scrub(text, placeholder: Redaction.placeholder, keepingPersonal: true) ?? text
            : Redaction.text(text, known: secrets)
        return OutputText.clean(scrubbed, json: json) + "\n"
    }

    /// The HTML report for `reports`; a template that does not parse (a defect of the report) is one line and
    /// exit 1.
    package static func page(_ reports: [RunReport], title: String, elapsed: Duration? = nil) throws(ExitCode)
        -> String
    {
        do {
            return try HTMLReport.page(reports, title: title, elapsed: elapsed, version: ErrorFlowCommand.version)
        } catch {
            self.error("cannot make the HTML report: \(error)")
            throw ExitCode(1)
        }
    }

    /// `$XDG_CONFIG_HOME/errorflow/session.json`, or `~/.config/errorflow/session.json`.
    static var defaultSessionFile: URL {
        defaultSessionFile(environment: ProcessInfo.processInfo.environment)
    }

    static func defaultSessionFile(environment: [String: String]) -> URL {
        baseDirectory("XDG_CONFIG_HOME", default: ".config", environment: environment)
            .appendingPathComponent("errorflow/session.json")
    }

    /// `$XDG_STATE_HOME/errorflow/report-outbox.json`, or `~/.local/state/errorflow/report-outbox.json`: where
    /// client reports wait for the next run of a `--base-url` backend.
    static var defaultOutboxFile: URL {
        defaultOutboxFile(environment: ProcessInfo.processInfo.environment)
    }

    static func defaultOutboxFile(environment: [String: String]) -> URL {
        baseDirectory("XDG_STATE_HOME", default: ".local/state", environment: environment)
            .appendingPathComponent("errorflow/report-outbox.json")
    }

    /// `$XDG_STATE_HOME/errorflow/pending-writes.json`, or `~/.local/state/errorflow/pending-writes.json`: the
    /// transfers of `--base-url` runs whose outcome is not known yet (`errorflow transfer --pending`).
    static var defaultJournalFile: URL {
        defaultJournalFile(environment: ProcessInfo.processInfo.environment)
    }

    static func defaultJournalFile(environment: [String: String]) -> URL {
        baseDirectory("XDG_STATE_HOME", default: ".local/state", environment: environment)
            .appendingPathComponent("errorflow/pending-writes.json")
    }

    /// `$XDG_STATE_HOME/errorflow/proxies`, or `~/.local/state/errorflow/proxies`: the registrations of this user's
    /// running proxies (``ProxyRegistry``).
    static var defaultProxyRegistryFolder: URL {
        defaultProxyRegistryFolder(environment: ProcessInfo.processInfo.environment)
    }

    static func defaultProxyRegistryFolder(environment: [String: String]) -> URL {
        baseDirectory("XDG_STATE_HOME", default: ".local/state", environment: environment)
            .appendingPathComponent("errorflow/proxies")
    }

    /// The folder `variable` names when it holds an absolute path; otherwise `relative` under `$HOME` when that is
    /// absolute, and under the account's home directory last. The XDG Base Directory specification says a relative
    /// path in the variable is invalid and must be ignored: one run would read a file another run in another folder
    /// never sees.
    private static func baseDirectory(_ variable: String, default relative: String, environment: [String: String])
        -> URL
    {
        if let path = environment[variable], path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(relative)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(relative)
    }

    /// Whether errors nobody explained are sent as error reports: yes, unless `ERRORFLOW_ERROR_REPORTS` is `off`,
    /// `0` or `false`.
    package static var sendsErrorReports: Bool {
        sendsErrorReports(environment: ProcessInfo.processInfo.environment)
    }

    static func sendsErrorReports(environment: [String: String]) -> Bool {
        !reportsOff.contains(environment["ERRORFLOW_ERROR_REPORTS"]?.lowercased() ?? "")
    }

    /// The values of `ERRORFLOW_ERROR_REPORTS` that turn reports off, and those that leave them on.
    private static let (reportsOff, reportsOn) = (["off", "0", "false"], ["on", "1", "true"])

    /// What is wrong with the `ERRORFLOW_*` variables of `environment`, in one line naming the accepted values; `nil`
    /// when each is unset, empty or one the app knows.
    static func environmentProblem(_ environment: [String: String]) -> String? {
        if let value = environment["ERRORFLOW_ERROR_REPORTS"], !value.isEmpty,
            !(reportsOff + reportsOn).contains(value.lowercased())
        {
            return "ERRORFLOW_ERROR_REPORTS=\(echo(value)) is not a setting: give off (or 0, false) to send no error "
                + "report, or on (1, true)"
        }
        let transports = ProcessTransport.Choice.allCases.map(\.rawValue)
        if let value = environment["ERRORFLOW_TRANSPORT"], !value.isEmpty, !transports.contains(value) {
            return
                "ERRORFLOW_TRANSPORT=\(echo(value)) is not a transport: give \(transports.joined(separator: " or ")), "
                + "or leave it unset for the platform's"
        }
        return nil
    }

    /// `text` as a message may repeat it: at most 200 characters, and what was cut said.
    static func echo(_ text: String) -> String {
        guard text.count > 200 else { return text }
        return "\(text.prefix(200))… (\(text.count - 200) more characters)"
    }

    /// A logger for one process: lines to stderr at `warning` (or `debug` with `--verbose`, journey lines included),
    /// scrubbed of secrets. The journey reaches each run's collector as values (``ScreenRun``), not through it.
    package static func logger(label: String, verbose: Bool, secrets: SecretValues? = nil) -> Logger {
        Logger(label: label) { label in
            RedactingLogHandler.standardError(label: label, verbose: verbose, secrets: secrets)
        }
    }

}

/// POSIX `write`, named apart from ``Console/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
