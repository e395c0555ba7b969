import ArgumentParser
import DemoBackend
import Foundation
import SharedError

struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Drive many concurrent clients against the demo backend, with injected faults, on 127.0.0.1.",
        discussion: """
            Every client goes through the real stack: repositories, the decorator chain, URLSession and HTTP on \
            loopback. Faults (500, 503, 429, slow answers, 401 token_expired) hit --fault-rate of the calls. The run \
            stops by itself after --requests calls or --time-limit seconds, then reports throughput, latency \
            percentiles and every failure by its typed error. Exit 0 unless a failure could not be classified.
            """)

    @Option(help: "Concurrent clients.")
    var clients = 200

    @Option(help: "Calls in all (wallet and cards, alternately).")
    var requests = 5_000

    @Option(help: "Share of calls that get an injected fault, from 0 to 1.")
    var faultRate = 0.1

    @Option(help: "Seed of the fault draw, to repeat a run.")
    var seed: UInt64 = 42

    @Option(help: "Stop after this many seconds whatever is left.")
    var timeLimit = 120

    func validate() throws {
        guard clients > 0, requests > 0 else { throw ValidationError("--clients and --requests must be positive") }
        guard (0...1).contains(faultRate) else { throw ValidationError("--fault-rate must be between 0 and 1") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
    }

    @MainActor
    func run() async throws {
        let settings = LoadRun.Settings(
            clients: clients, requests: requests, faults: FaultPlan(rate: faultRate, seed: seed),
            timeLimit: .seconds(timeLimit))
        let result: LoadRun.Result
        do {
            result = try await LoadRun(settings: settings).run()
        } catch {
            Console.error("\(error)")
            throw ExitCode(1)
        }
        print(LoadReport.render(result, style: Console.style))
        if result.unclassified > 0 { throw ExitCode(1) }
    }
}
