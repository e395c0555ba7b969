import App
import ArgumentParser
import DemoBackend
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the demo backend on 127.0.0.1 until interrupted.",
        discussion: """
            Point other runs at it with --base-url, after `errorflow signin --base-url URL` (it issues tokens of its \
            own, as any backend would). The offline scenario is played by the client alone and cannot be served. \
            Each request is one line on stderr, unless --quiet. Exit codes: 0 stopped by Ctrl-C or SIGTERM, 2 usage \
            error, 4 the port cannot be listened on (in use, or not allowed).
            """)

    /// The exit code when the port cannot be listened on.
    static let portUnavailable: Int32 = 4

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Option(help: "The scenario to play (see `errorflow scenarios`).")
    var scenario: ScenarioOption<AnyScreenTag>?

    @Flag(name: .shortAndLong, help: "No line per request on stderr.")
    var quiet = false

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
                scenario: scenario, port: port, logger: Console.backendLogger(requestLines: !quiet))
        } catch {
            Console.error("cannot serve: \(error); choose another --port (0: any free port)")
            throw ExitCode(Self.portUnavailable)
        }
        do {
            try Console.output(
                "ErrorFlow demo backend playing \(scenario.rawValue) on \(backend.baseURL.absoluteString) (Ctrl-C to stop)"
            )
        } catch {
            await backend.stop()
            throw error
        }
        let interrupts = InterruptSignals()
        _ = await InterruptSignals.first(of: interrupts.signals)
        interrupts.stop()
        await backend.stop()
    }
}
