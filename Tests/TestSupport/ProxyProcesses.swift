public import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `errorflow proxy` (or `errorflow-app proxy`) of the executable `Name`, started with `--port 0`; its
/// address is read from its first line. Stopped with SIGINT.
public final class ProxyProcess<Name: ExecutableName> {
    /// The process, its output so far, and its end.
    public let running: RunningExecutable
    /// Where clients send: `http://127.0.0.1:PORT`.
    public let baseURL: String

    private init(running: RunningExecutable, baseURL: String) {
        self.running = running
        self.baseURL = baseURL
    }

    /// Starts `proxy --port 0` with `arguments` and returns once it has said where it listens; `nil` (with the
    /// failure recorded) when it ended or said nothing within a minute.
    public static func start(_ arguments: [String], home: URL? = nil) async throws -> ProxyProcess? {
        let running = try Executable<Name>.start(["proxy", "--port", "0"] + arguments, home: home)
        let pattern = #"http://127\.0\.0\.1:[0-9]+"#
        let said = await eventually("the proxy to say where it listens", within: .seconds(60)) {
            running.stdoutSoFar.range(of: pattern, options: .regularExpression) != nil || !running.process.isRunning
        }
        guard said, let range = running.stdoutSoFar.range(of: pattern, options: .regularExpression) else {
            running.send(SIGKILL)
            _ = await running.finish(timeLimit: .seconds(10))
            return nil
        }
        return ProxyProcess(running: running, baseURL: String(running.stdoutSoFar[range]))
    }

    /// Interrupts it and returns how its run ended (its stderr holds one line per injected fault).
    public func stop() async -> ExecutableRun {
        running.send(SIGINT)
        return await running.finish(timeLimit: .seconds(30))
    }
}

/// A backend of another kind: `Tests/AppTests/Fixtures/proxy_target.py`, Python's http.server on 127.0.0.1 (https
/// with a CA of its own when given a folder for its certificates). Killed by ``stop()``.
public final class PythonTarget: Sendable {
    /// The script.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AppTests/Fixtures/proxy_target.py")

    /// Whether python3 can make certificates here (its `cryptography` package; Scripts/install-ci-tools.sh installs
    /// it).
    public static let makesCertificates: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import cryptography"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    let process: Process
    /// `http://127.0.0.1:PORT`, or `https://…` with TLS.
    public let baseURL: String

    private init(process: Process, baseURL: String) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts the target; with `tlsFolder` it serves https and leaves its CA at `tlsFolder/ca.pem`.
    public static func start(tlsFolder: URL? = nil) async throws -> PythonTarget {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + (tlsFolder.map { ["--tls", $0.path] } ?? [])
        let line = try await startReadingFirstLine(process)
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(process.processIdentifier, SIGKILL)
            throw TargetError.noPort(line)
        }
        return PythonTarget(process: process, baseURL: "\(tlsFolder == nil ? "http" : "https")://127.0.0.1:\(port)")
    }

    /// Reads the whole body of `url` with Python's client, discarding it, and returns its length (`nil`: it failed).
    public static func fetchLength(_ url: String) async -> Int? {
        await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "--fetch", url]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Kills it (SIGKILL: a test process may hand its children SIGTERM ignored) and waits for it.
    public func stop() async {
        kill(process.processIdentifier, SIGKILL)
        let process = process
        await offThePool { process.waitUntilExit() }
    }

    /// The target did not say its port.
    public enum TargetError: Error {
        case noPort(String)
    }
}

/// The peak resident size of process `pid` so far, in kilobytes (`VmHWM` of `/proc/PID/status`), on Linux.
public func peakResidentKilobytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
}
