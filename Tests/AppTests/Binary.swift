import Foundation

/// The built `errorflow` binary, run as a user would run it.
enum Binary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Next to the test bundle (`swift build --build-tests` builds both into the same folder).
    static let url: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("errorflow")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/errorflow")
    }()

    /// Runs `errorflow arguments…` to the end, with stdin closed and no terminal.
    ///
    /// Output goes to files, not pipes: a child that fills one pipe while the parent waits on the other would
    /// block forever (a sanitizer report on stderr did exactly that).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdoutFile = folder.appendingPathComponent("stdout")
        let stderrFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")
    }

    /// A running `errorflow serve`, stopped with SIGINT.
    final class Server {
        let process = Process()
        let baseURL: String

        init(scenario: String) throws {
            process.executableURL = Binary.url
            process.arguments = ["serve", "--port", "0", "--scenario", scenario]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
                process.terminate()
                throw ServerError.noAddress(text)
            }
            baseURL = String(text[range])
        }

        func stop() -> Int32 {
            process.interrupt()
            process.waitUntilExit()
            return process.terminationStatus
        }

        enum ServerError: Error {
            case noAddress(String)
        }
    }
}
