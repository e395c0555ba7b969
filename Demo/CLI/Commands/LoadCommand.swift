import App
import ArgumentParser
import DemoBackend
import Foundation
import SharedError

#if canImport(Glibc)
    import Glibc
#endif

struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Drive many concurrent clients against the demo backend (with injected faults) or your own.",
        discussion: """
            Every client goes through the real stack: repositories, the decorator chain, the transport and HTTP. \
            Without --base-url the run starts the demo backend on 127.0.0.1 with a seeded session, and faults (500, \
            503, 429, slow answers, 401 token_expired; --faults chooses some) hit --fault-rate of the calls, drawn \
            per call from --seed, so the same seed gives the same faults and the same failures. With --base-url it drives that backend \
            (say a release `errorflow serve`) with the session of `signin --base-url` (or --session-file), and the \
            backend answers as it does. The run stops after \
            --requests calls, after --time-limit seconds (calls in flight are cut off), or at Ctrl-C/SIGTERM, then \
            reports throughput, latency percentiles, the requests sent for the calls made (and those the embedded \
            backend answered), what is left of the retry budget, and every failure by its typed error. Progress goes \
            to stderr. \
            Exit codes: 0 done, 1 a failure could not be classified, 130/143 stopped by SIGINT/SIGTERM (the \
            summary so far is printed and the temporary session removed).
            """)

    @Option(help: "Concurrent clients (at most one per call), each with a connection of its own.")
    var clients = 200

    @Option(help: "Calls in all (wallet and cards, alternately).")
    var requests = 5_000

    @Option(help: "Share of calls that get an injected fault, from 0 to 1 (default 0.1; the embedded backend only).")
    var faultRate: Double?

    @Option(help: "Seed of the fault draw: the same seed repeats the same faults (the embedded backend only).")
    var seed: UInt64?

    @Option(
        help: """
            Fault kinds to inject, comma-separated: 500, 503, 5xx (both), 429, slow, token_expired (default: all; \
            the embedded backend only).
            """)
    var faults: String?

    @OptionGroup var backend: BackendOptions<DemoOption<AnyScreenTag>>

    @Option(help: "Stop after this many seconds whatever is left.")
    var timeLimit = 120

    @Option(help: "text or json.")
    var format: LoadFormat = .text

    @Flag(
        help: """
            Make the same calls through bare AsyncHTTPClient (the session's bearer token, the bodies decoded by the \
            repositories' parsers; no chain, repositories or journey), to measure what the stack costs.
            """)
    var bare = false

    @Option(
        help: """
            With --bare: AsyncHTTPClient's async API (execute and collect), or its delegate API, which the app's \
            transport calls.
            """)
    var bareAPI: ProcessTransport.BareAPI?

    enum LoadFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard clients > 0, requests > 0 else { throw ValidationError("--clients and --requests must be positive") }
        guard (0...1).contains(faultRate ?? 0) else { throw ValidationError("--fault-rate must be between 0 and 1") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
        if backend.baseURL != nil, faultRate != nil || seed != nil || faults != nil {
            throw ValidationError(
                "--fault-rate, --seed and --faults are the embedded backend's faults; a --base-url backend answers as it does"
            )
        }
        if let faults {
            let named = FaultPlan.kinds(named: faults)
            guard named.unknown.isEmpty, !named.kinds.isEmpty else {
                throw ValidationError(
                    "--faults: no fault kind named \(named.unknown.joined(separator: ", ")); "
                        + "the kinds are 500, 503, 5xx, 429, slow, token_expired")
            }
        }
    }

    @MainActor
    func run() async throws {
        if clients > requests {
            Console.error("\(counted(requests, "client")), one per call (--clients \(clients) is more than --requests)")
        }
        let clients = min(clients, requests)
        ProcessTransport.allowConnectionsPerHost(clients)
        var settings = LoadRun.Settings(
            clients: clients, requests: requests,
            faults: FaultPlan(
                rate: backend.baseURL == nil ? faultRate ?? 0.1 : 0, seed: seed ?? 42,
                kinds: faults.map { FaultPlan.kinds(named: $0).kinds } ?? InjectedFault.allCases),
            timeLimit: .seconds(timeLimit))
        if let url = try backend.validatedBaseURL() {
            settings.target = .backend(url: url, sessionFile: try backend.checkedSessionFile())
        }
        if bare {
            let api = bareAPI ?? .async
            guard ProcessTransport.bare(api) != nil else {
                throw ValidationError("--bare drives AsyncHTTPClient: not with ERRORFLOW_TRANSPORT=urlsession")
            }
            settings.bare = api
        } else if bareAPI != nil {
            throw ValidationError("--bare-api is for --bare")
        }
        let interrupts = InterruptSignals()
        defer { interrupts.stop() }
        let line = ProgressLine(total: requests, onTerminal: isatty(STDERR_FILENO) != 0)
        var load = LoadRun(settings: settings)
        load.progressInterval = line.onTerminal ? .milliseconds(250) : .seconds(1)
        let result: LoadRun.Result
        do {
            let signals = interrupts.signals
            result = try await load.run(progress: line.show) { await InterruptSignals.first(of: signals) }
        } catch {
            Console.error("\(error)")
            throw ExitCode(1)
        }
        line.finish()
        switch format {
        case .text: try Console.output(LoadReport.render(result, style: Console.style))
        case .json: try Console.output(LoadReport.json(result), json: true)
        }
        if case .interrupted(let signal) = result.stoppedBy {
            throw ExitCode(InterruptSignals.exitCode(for: signal))
        }
        if result.unclassified > 0 { throw ExitCode(1) }
    }
}

/// The load run's progress on stderr: one line rewritten in place on a terminal, a plain line each time otherwise.
private struct ProgressLine: Sendable {
    let total: Int
    let onTerminal: Bool

    func show(_ progress: LoadRun.Progress) {
        let text =
            "load: \(progress.done) of \(counted(total, "call")) done · \(progress.failed) failed · "
            + progress.elapsed.formattedSeconds
        Console.stderr(onTerminal ? "\r\u{1B}[K" + text : text + "\n")
    }

    /// Clears the rewritten line, so the summary starts on a clean one.
    func finish() {
        if onTerminal { Console.stderr("\r\u{1B}[K") }
    }
}

extension ProcessTransport.BareAPI: ExpressibleByArgument {}
