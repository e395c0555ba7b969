import Foundation
import TestSupport

/// The demo's executable, run as a user would run it.
typealias Binary = Executable<DemoExecutable>

/// `errorflow`, the product the demo's tests run.
enum DemoExecutable: ExecutableName {
    static let name = "errorflow"
}

/// A running `errorflow serve`, stopped with SIGINT. Starting and stopping wait on a GCD thread, never on one
/// of the few threads Swift concurrency runs every test on.
final class DemoServer: Sendable {
    let process: Process
    let baseURL: String

    private init(process: Process, baseURL: String) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts `errorflow serve --port 0 --scenario scenario` and reads the address from its first line.
    static func start(scenario: String) async throws -> DemoServer {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["serve", "--port", "0", "--scenario", scenario]
        let text = try await startReadingFirstLine(process)
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            process.terminate()
            throw ServerError.noAddress(text)
        }
        return DemoServer(process: process, baseURL: String(text[range]))
    }

    /// Interrupts the server and returns its exit status.
    func stop() async -> Int32 {
        process.interrupt()
        let process = process
        return await offThePool {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    enum ServerError: Error {
        case noAddress(String)
    }
}
