import App
import DemoBackend
import Foundation
import SharedError

/// The demo backend's view of the error reports it received: one block per fingerprint, the most frequent first,
/// with the count, first and last seen, the trace ids, and the first report's reference, ids and journey.
enum ErrorReportsView {
    static func render(_ groups: [ErrorReportGroup], style: TerminalStyle) -> String {
        var lines = [style.bold("Error reports the demo backend received, grouped by fingerprint")]
        if groups.isEmpty {
            lines.append("  " + style.dim("none: every error was explained"))
        }
        for group in groups {
            lines.append(
                "  " + style.bold(group.fingerprint) + style.dim(" ×\(group.count)")
                    + style.dim(" · first \(time(group.firstSeen)) · last \(time(group.lastSeen))"))
            lines.append("    " + style.dim("traces: " + group.traceIDs.joined(separator: ", ")))
            let example = group.example
            lines.append(
                "    "
                    + style.dim(
                        "example (\(example.environment)): reference \(example.reference ?? "-") · trace \(example.traceID ?? "-") · request \(example.requestID ?? "-")"
                    ))
            lines += example.journey.map { "      " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date) + "Z"
    }
}
