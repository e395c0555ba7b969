import DemoBackend
import SharedError

/// The load run's report: throughput, latency percentiles, failures by typed error, what was injected.
enum LoadReport {
    static func render(_ result: LoadRun.Result, style: TerminalStyle) -> String {
        let settings = result.settings
        let done = result.latencies.count
        let seconds = Double(result.elapsed.components.seconds) + Double(result.elapsed.components.attoseconds) / 1e18
        let sorted = result.latencies.sorted()
        var lines = [
            style.bold("Load run")
                + style.dim(
                    " · \(settings.clients) clients · \(settings.requests) calls · \(Int(settings.faults.rate * 100))% injected faults (seed \(settings.faults.seed)) · 127.0.0.1"
                ),
            "  throughput   \(Int((Double(done) / max(seconds, 0.001)).rounded())) calls/s (\(done) calls in \(result.elapsed.formattedSeconds))",
            "  latency      p50 \(milliseconds(percentile(sorted, 0.50))) · p90 \(milliseconds(percentile(sorted, 0.90))) · "
                + "p99 \(milliseconds(percentile(sorted, 0.99))) · max \(milliseconds(sorted.last ?? .zero))",
            "  outcomes     \(result.succeeded) succeeded · \(result.failures.values.reduce(0, +)) failed"
                + (result.timedOutUnsent > 0 ? " · \(result.timedOutUnsent) not sent (time limit)" : ""),
        ]
        lines.append("  failures by typed error:" + (result.failures.isEmpty ? " none" : ""))
        for (name, count) in result.failures.sorted(by: { $0.value > $1.value }) {
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

    private static func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return "\(microseconds / 1000).\(microseconds % 1000 / 100) ms"
    }
}
