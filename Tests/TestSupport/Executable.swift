public import Foundation
import SharedError
public import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Names one of the package's executables for ``Executable``.
public protocol ExecutableName {
    /// The product's name: `errorflow-app`, `errorflow`.
    static var name: String { get }
}

/// One of the package's built executables, run as a user would run it. Each test target names the one it runs:
/// `typealias Binary = Executable<AppExecutable>`.
public enum Executable<Name: ExecutableName> {
    /// What one run did: its exit status, its output, and whether it was stopped for taking too long.
    public typealias Run = ExecutableRun
    /// A run that was started and not waited for yet.
    public typealias Running = RunningExecutable

    /// Next to the test bundle (`swift build --build-tests` builds both into the same folder), or the one
    /// `ERRORFLOW_BINARY` names (CI runs the memory proof against the release build that way).
    public static var url: URL {
        if let named = ProcessInfo.processInfo.environment["ERRORFLOW_BINARY"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(Name.name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/\(Name.name)")
    }

    /// Runs the executable with `arguments` to the end, with no terminal, `input` (or nothing) on stdin, and a home of its
    /// own: `XDG_CONFIG_HOME` and `XDG_STATE_HOME` point into `home` (a fresh folder unless given), and the working
    /// directory is `directory` (a fresh folder unless given), so no test ever reads or writes the real user's
    /// session, outbox or files. A run that outlives `timeLimit` is killed and recorded as a failure of the
    /// calling test.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], home: URL? = nil, directory: URL? = nil,
        input: String? = nil, terminalInput: String? = nil, stdout: URL? = nil, readerGone: ReaderGone? = nil,
        launcher: [String] = [], timeLimit: Duration = .seconds(90), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Run {
        await runSlots.take()
        defer { runSlots.give() }
        let running = try start(
            arguments, environment: environment, home: home, directory: directory, input: input,
            terminalInput: terminalInput, stdout: stdout, readerGone: readerGone, launcher: launcher)
        return await running.finish(timeLimit: timeLimit, sourceLocation: sourceLocation)
    }

    /// Starts the executable with `arguments` as ``run(_:environment:home:directory:input:terminalInput:stdout:readerGone:launcher:timeLimit:sourceLocation:)``
    /// does, and returns at once, so a test can signal it while it runs. Its stdout goes to `stdout` if given
    /// (`/dev/full`, say), or with `readerGone` to a pipe whose reader has left, as `| head` leaves.
    ///
    /// Output goes to files, not pipes: a child that fills one pipe while the parent waits on the other would
    /// block forever (a sanitizer report on stderr did exactly that).
    public static func start(
        _ arguments: [String], environment: [String: String] = [:], home: URL? = nil, directory: URL? = nil,
        input: String? = nil, terminalInput: String? = nil, stdout: URL? = nil, readerGone: ReaderGone? = nil,
        launcher: [String] = []
    ) throws -> Running {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stdoutFile = folder.appendingPathComponent("stdout")
        let stderrFile = folder.appendingPathComponent("stderr")
        let stdinFile = folder.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stdinFile.path, contents: Data((input ?? "").utf8))

        let home = home ?? folder.appendingPathComponent("home")
        let directory = directory ?? folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        // A launcher (`/usr/bin/time -f …`) runs the binary under it.
        process.executableURL = launcher.first.map(URL.init(fileURLWithPath:)) ?? url
        process.currentDirectoryURL = directory
        process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [url.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            [
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            ].merging(environment) { _, given in given }
        ) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: stdout ?? stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        if let readerGone {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
            if readerGone == .stdoutAndStderr { process.standardError = pipe }
        }
        process.standardInput = input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: stdinFile)
        var terminal: PseudoTerminal?
        if terminalInput != nil {
            let pty = try PseudoTerminal()
            process.standardInput = pty.secondary
            terminal = pty
        }
        let ended = AsyncGateSignal()
        process.terminationHandler = { _ in ended.fire() }
        try process.run()
        if let terminal, let terminalInput { terminal.type(terminalInput) }
        return Running(
            process: process, ended: ended, folder: folder, stdoutFile: stdoutFile, stderrFile: stderrFile,
            terminal: terminal, arguments: arguments)
    }
}

/// Which of a run's outputs go to a pipe whose reader has left.
public enum ReaderGone: Sendable {
    /// Stdout (`errorflow tour | head -1`); stderr goes to the run's file.
    case stdout
    /// Both (`errorflow tour 2>&1 | head -1`).
    case stdoutAndStderr
}

/// Runs to completion at once, for every executable together: twice as many as there are cores. Swift Testing starts
/// every test together, and thirty binaries at once (each slow to start under the thread sanitizer) left two cores
/// to nothing else for forty seconds, long enough for an in-process test's wait to give up.
private let runSlots = RunSlots(capacity: 2 * ProcessInfo.processInfo.activeProcessorCount)

/// What one run of an executable did.
public struct ExecutableRun: Sendable {
    /// The exit status (`-1` for a run that never ended).
    public var status: Int32
    /// Everything it wrote to stdout.
    public var stdout: String
    /// Everything it wrote to stderr.
    public var stderr: String
    /// The run was stopped for taking longer than its time limit.
    public var timedOut: Bool

    /// A run with this status and output.
    public init(status: Int32, stdout: String, stderr: String, timedOut: Bool) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
    }
}

/// A process of an executable that is running, or has ended and not been waited for.
public final class RunningExecutable {
    /// The process, to signal or to wait for.
    public let process: Process
    private let ended: AsyncGateSignal
    private let folder: URL
    private let stdoutFile: URL
    private let stderrFile: URL
    private let terminal: PseudoTerminal?
    private let arguments: [String]

    fileprivate init(
        process: Process, ended: AsyncGateSignal, folder: URL, stdoutFile: URL, stderrFile: URL,
        terminal: PseudoTerminal?, arguments: [String]
    ) {
        self.process = process
        self.ended = ended
        self.folder = folder
        self.stdoutFile = stdoutFile
        self.stderrFile = stderrFile
        self.terminal = terminal
        self.arguments = arguments
    }

    /// What it has written to stdout so far (when it goes to the run's own file).
    public var stdoutSoFar: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }

    /// What it has written to stderr so far.
    public var stderrSoFar: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Sends it `number` (SIGINT, SIGTERM).
    public func send(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for it to end; past `timeLimit` it is sent SIGTERM, then SIGKILL, and the calling test fails.
    public func finish(
        timeLimit: Duration = .seconds(90), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ExecutableRun {
        defer { try? FileManager.default.removeItem(at: folder) }
        let overran = LockedState(false)
        let process = process
        let watchdog = Task {
            guard (try? await Task.sleep(for: TestSlowdown.stretched(timeLimit))) != nil, process.isRunning else {
                return
            }
            overran.withLock { $0 = true }
            process.terminate()
            guard (try? await Task.sleep(for: .seconds(2))) != nil, process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
        }
        guard await ended.wait(atMost: timeLimit + .seconds(30), sourceLocation: sourceLocation) else {
            kill(process.processIdentifier, SIGKILL)
            return ExecutableRun(status: -1, stdout: "", stderr: stderrSoFar, timedOut: true)
        }
        watchdog.cancel()
        process.waitUntilExit()
        terminal?.close()
        let timedOut = overran.withLock { $0 }
        #expect(
            !timedOut,
            "\(process.executableURL?.lastPathComponent ?? "the executable") \(arguments.joined(separator: " ")) ran over \(TestSlowdown.stretched(timeLimit)); its stderr ended: \(stderrSoFar.suffix(600))",
            sourceLocation: sourceLocation)
        return ExecutableRun(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "",
            timedOut: timedOut)
    }
}

/// Runs blocking work (reading a pipe, waiting for a child) on a GCD thread, so that it never holds one of the
/// few threads Swift concurrency runs every test on: two such waits at once would stall every other test.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

/// Starts `process` with its stdout piped (stdin and stderr from and to /dev/null) and returns the first line it
/// writes, with its newline (or all it wrote, if it closed stdout first): a server's line that names its address.
public func startReadingFirstLine(_ process: Process) async throws -> String {
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let reader = output.fileHandleForReading
    return await offThePool {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// A counting semaphore for whole runs. A waiter never waits forever: every holder gives its slot back when its
/// run ends, and every run ends within its time limit.
final class RunSlots: Sendable {
    private let capacity: Int
    private let state = LockedState<(taken: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func take() async {
        await withCheckedContinuation { continuation in
            let free = state.withLock { state -> Bool in
                guard state.taken < capacity else {
                    state.waiters.append(continuation)
                    return false
                }
                state.taken += 1
                return true
            }
            if free { continuation.resume() }
        }
    }

    /// Hands the slot to the longest waiter, or frees it.
    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.taken -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

/// A one-shot signal a callback fires and a task awaits, fired at most once and safe to fire before the wait.
public final class AsyncGateSignal: Sendable {
    private let state = LockedState<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// A signal that has not fired.
    public init() {}

    /// Fires the signal; a later fire does nothing.
    public func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns when the signal fires, or after `limit` with a recorded failure (so that a callback that never
    /// comes ends the test instead of hanging the run); `true` when it fired.
    @discardableResult
    public func wait(atMost limit: Duration = .seconds(150), sourceLocation: SourceLocation = #_sourceLocation) async
        -> Bool
    {
        let watchdog = Task {
            guard (try? await Task.sleep(for: TestSlowdown.stretched(limit))) != nil else { return }
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            guard let waiter else { return }
            Issue.record(
                "the signal did not fire within \(TestSlowdown.stretched(limit))", sourceLocation: sourceLocation)
            waiter.resume()
        }
        await withCheckedContinuation { continuation in
            let firedAlready = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if firedAlready { continuation.resume() }
        }
        watchdog.cancel()
        return state.withLock { $0.fired }
    }
}

/// A pseudo-terminal whose secondary end a child reads as its stdin, so that it believes a person is typing.
final class PseudoTerminal {
    let secondary: FileHandle
    private let primary: Int32

    /// Linux's `TIOCSPTLCK` and `TIOCGPTN`: unlock the secondary, and ask for its number.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    init() throws {
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: CInt = 0
        var number: CInt = 0
        guard primary >= 0, ioctl(primary, Self.unlockRequest, &unlock) == 0,
            ioctl(primary, Self.numberRequest, &number) == 0
        else { throw CocoaError(.featureUnsupported) }
        let descriptor = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission) }
        secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Types `text`; a `\u{04}` (Ctrl-D) at the start of a line is the end of input.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in
            write(primary, buffer.baseAddress, buffer.count - 1)
        }
    }

    func close() {
        Glibc.close(primary)
    }
}
