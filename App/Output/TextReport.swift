import Decoding
import ErrorReports
import Networking
package import SharedError

/// The text format: the screen, then (with `--trace`, and always in the tour) the journey, then the outcome.
package enum TextReport {
    package static func render(_ report: RunReport, trace: Bool, style: TerminalStyle) -> String {
        var lines = [report.screenText, ""]
        if trace {
            lines += journey(report, style: style)
            lines.append("")
        }
        if let made = report.backendTransfers {
            lines.append(style.dim("the demo backend made \(counted(made, "transfer")), by its own count"))
        }
        lines.append(style.dim("outcome: \(report.outcome.rawValue) · exit \(report.exitCode)"))
        return lines.joined(separator: "\n")
    }

    /// One line per step: `layer  action  [category]  from → to`, and the client reports that went out.
    package static func journey(_ report: RunReport, style: TerminalStyle) -> [String] {
        var lines = [style.bold("Journey")]
        if report.journey.isEmpty {
            lines.append("  " + style.dim("no error on the way"))
        }
        for entry in report.journey {
            let event = entry.event
            let layer = style.cyan(style.column(event.layer.rawValue, width: 13))
            let action = style.column(event.action.rawValue, width: 10)
            let category = style.dim(style.column(event.category.map { "[\($0.rawValue)]" } ?? "", width: 15))
            let wait = event.waited.map { " " + style.dim("(waited \($0.formattedSeconds))") } ?? ""
            lines.append("  \(layer)\(action)\(category)\(event.from) → \(event.to ?? "∎")\(wait)")
        }
        for sent in report.clientReports {
            lines.append("  " + style.dim("client report \(sent.endpoint): \(entries(sent))"))
        }
        for waiting in report.pendingReports.pending {
            lines.append(
                "  " + style.yellow("client report \(waiting.endpoint) waits in the outbox: \(entries(waiting))"))
        }
        for sent in report.errorReports {
            lines.append(
                "  "
                    + style.dim("error report \(sent.toldAsReceived)"))
        }
        for waiting in report.pendingReports.pendingErrorReports {
            lines.append("  " + style.yellow("error report \(waiting.fingerprint.value) waits in the outbox"))
        }
        if report.pendingReports.dropped > 0 {
            lines.append(
                "  " + style.yellow("\(report.pendingReports.dropped) older report(s) dropped: the outbox is full"))
        }
        return lines
    }

    private static func entries(_ report: ClientReport) -> String {
        report.failures.map { "\($0.keyPath) \($0.kind.rawValue)" }.joined(separator: ", ")
    }
}

extension ErrorReport {
    /// How every report format tells an error report the backend received: its fingerprint, the reference the user
    /// can quote (`-` in a report an earlier version kept) and its trace id.
    var toldAsReceived: String {
        "\(fingerprint.value) · reference \(reference?.value ?? "-") · trace \(traceID ?? "-")"
    }
}
