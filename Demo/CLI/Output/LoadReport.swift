import App
import DemoBackend
import Foundation
import Networking
import SharedError

/// The load run's report: throughput, latency percentiles, failures by typed error, what was injected; as text
/// or as one JSON object.
enum LoadReport {
    static func render(_ result: LoadRun.Result, style: TerminalStyle) -> String {
        let settings = result.settings
        let summary = Summary(result)
        let latency = summary.latencyMilliseconds
        var lines = [
            style.bold("Load run")
                + style.dim(
                    " · \(counted(settings.clients, "client")) · \(counted(settings.requests, "call")) · \(target(settings))"
                ),
            "  stopped      \(stopLine(result))",
            "  throughput   \(Int(summary.throughputPerSecond.rounded())) calls/s (\(counted(summary.done, "call")) in \(result.elapsed.formattedSeconds))",
            "  client CPU   \(String(format: "%.1f", summary.cpuMicrosecondsPerCall)) µs per call (the whole process: \(result.cpuTime.formattedSeconds))",
            "  latency      p50 \(format(latency.p50)) · p90 \(format(latency.p90)) · p99 \(format(latency.p99)) · max \(format(latency.max))",
            "  outcomes     \(result.succeeded) succeeded · \(result.failed) failed"
                + (result.cutOff > 0 ? " · \(result.cutOff) cut off" : "")
                + (result.notSent > 0 ? " · \(result.notSent) not sent" : ""),
        ]
        let perCall = Double(result.attempts) / Double(max(summary.done, 1))
        lines.append(
            "  requests     \(result.attempts) sent by the client (\(String(format: "%.2f", perCall)) per call)"
                + (result.backendRequests.map { " · \($0) answered by the backend" } ?? ""))
        lines.append(
            "  retry budget \(result.retryBudgetLeft) of \(result.retryBudgetCapacity) left · "
                + "retries refused for want of it: \(result.retriesRefused)")
        lines.append("  failures by typed error:" + (result.failures.isEmpty ? " none" : ""))
        for (name, count) in result.failures.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            lines.append("    " + style.column(name, width: 56) + "\(count)")
        }
        lines.append("  injected faults:")
        for fault in InjectedFault.allCases {
            lines.append("    " + style.column(fault.rawValue, width: 56) + "\(result.injected[fault] ?? 0)")
        }
        let steps = JourneyAction.allCases.compactMap { action in
            result.steps[action].map { "\(action.rawValue) \($0)" }
        }
        lines.append("  journey steps: " + (steps.isEmpty ? "none" : steps.joined(separator: " · ")))
        lines.append("  token refreshes: \(result.refreshes)")
        lines.append(
            "  unclassified errors: \(result.unclassified) (a failure outside the repositories' error cases) · "
                + "the process did not crash")
        return lines.joined(separator: "\n")
    }

    /// The same figures as one JSON object (keys sorted), for scripts.
    static func json(_ result: LoadRun.Result) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Summary(result)), as: UTF8.self)
    }

    private static func target(_ settings: LoadRun.Settings) -> String {
        switch settings.target {
        case .embedded:
            "\(Int(settings.faults.rate * 100))% injected faults (\(settings.faults.kinds.map(\.name).joined(separator: ", ")); "
                + "seed \(settings.faults.seed)) · the embedded backend on 127.0.0.1"
        case .backend(let url, _):
            "\(BackendOrigin(url)) (its own answers; no injected faults)"
        }
    }

    private static func stopLine(_ result: LoadRun.Result) -> String {
        switch result.stoppedBy {
        case .finished: "every call done"
        case .timeLimit: "at the time limit (\(result.settings.timeLimit.formattedSeconds))"
        case .interrupted(let signal): "interrupted (signal \(signal)); the figures so far"
        }
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f ms", milliseconds)
    }

    /// What the JSON form says.
    struct Summary: Encodable {
        struct Latency: Encodable {
            var p50: Double
            var p90: Double
            var p99: Double
            var max: Double
        }

        var clients: Int
        var calls: Int
        /// Requests the client sent (every attempt, replay and refresh), beside `calls`.
        var attempts: Int
        /// Requests the embedded backend answered; absent for a backend of the user's.
        var backendRequests: Int?
        var retryBudgetLeft: Int
        var retriesRefused: Int
        var faultRate: Double
        /// The fault kinds drawn (`--faults`).
        var faults: [String]
        var seed: UInt64
        var timeLimitSeconds: Double
        var stoppedBy: String
        var elapsedSeconds: Double
        var done: Int
        var succeeded: Int
        var failed: Int
        var cutOff: Int
        var notSent: Int
        var throughputPerSecond: Double
        /// CPU time of the whole process per call done, in microseconds (with the embedded backend, its share too).
        var cpuMicrosecondsPerCall: Double
        /// The backend driven: `embedded`, or its origin.
        var backend: String
        var latencyMilliseconds: Latency
        var failures: [String: Int]
        var injected: [String: Int]
        var journeySteps: [String: Int]
        var tokenRefreshes: Int
        var unclassified: Int

        init(_ result: LoadRun.Result) {
            let settings = result.settings
            let sorted = result.latencies.sorted()
            let elapsed = result.elapsed.inSeconds
            clients = settings.clients
            calls = settings.requests
            attempts = result.attempts
            backendRequests = result.backendRequests
            retryBudgetLeft = result.retryBudgetLeft
            retriesRefused = result.retriesRefused
            faultRate = settings.faults.rate
            faults = settings.faults.kinds.map(\.name)
            seed = settings.faults.seed
            timeLimitSeconds = settings.timeLimit.inSeconds
            stoppedBy = result.stoppedBy.name
            elapsedSeconds = elapsed
            done = sorted.count
            succeeded = result.succeeded
            failed = result.failed
            cutOff = result.cutOff
            notSent = result.notSent
            throughputPerSecond = Double(sorted.count) / max(elapsed, 0.001)
            cpuMicrosecondsPerCall =
                (result.cpuTime.inSeconds * 1_000_000 / Double(max(sorted.count, 1)) * 10).rounded() / 10
            switch settings.target {
            case .embedded: backend = "embedded"
            case .backend(let url, _): backend = BackendOrigin(url).value
            }
            latencyMilliseconds = Latency(
                p50: Self.milliseconds(Self.percentile(sorted, 0.50)),
                p90: Self.milliseconds(Self.percentile(sorted, 0.90)),
                p99: Self.milliseconds(Self.percentile(sorted, 0.99)), max: Self.milliseconds(sorted.last ?? .zero))
            failures = result.failures
            injected = Dictionary(
                uniqueKeysWithValues: InjectedFault.allCases.map { ($0.rawValue, result.injected[$0] ?? 0) })
            journeySteps = Dictionary(uniqueKeysWithValues: result.steps.map { ($0.key.rawValue, $0.value) })
            tokenRefreshes = result.refreshes
            unclassified = result.unclassified
        }

        private static func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
            guard !sorted.isEmpty else { return .zero }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
        }

        private static func milliseconds(_ duration: Duration) -> Double {
            (duration.inSeconds * 10_000).rounded() / 10
        }
    }
}
