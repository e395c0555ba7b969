import ArgumentParser
import DemoBackend
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the demo backend on 127.0.0.1 until interrupted.",
        discussion: """
            Point other runs at it with --base-url. It accepts the demo seed session, so screens that need a \
            session work against it. The offline scenario is played by the client alone and cannot be served.
            """)

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Option(help: "The scenario to play (see `errorflow scenarios`).")
    var scenario: ScenarioOption?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if scenario?.scenario.plan.isPlayedByClient == true {
            throw ValidationError(
                "offline is played by the client alone (it points at a closed port); serve another scenario")
        }
    }

    func run() async throws {
        let scenario = scenario?.scenario ?? .paymentsHappy
        let backend: DemoBackend
        do {
            backend = try await DemoBackend.start(
                scenario: scenario, port: port, logger: Console.backendLogger(requestLines: true))
        } catch {
            Console.error("\(error)")
            throw ExitCode(1)
        }
        Console.printNow(
            "ErrorFlow demo backend playing \(scenario.rawValue) on \(backend.baseURL.absoluteString) (Ctrl-C to stop)")
        await Self.waitForInterrupt()
        await backend.stop()
    }

    /// Returns at SIGINT or SIGTERM.
    private static func waitForInterrupt() async {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        for await _ in signals { break }
        sources.forEach { $0.cancel() }
    }
}
