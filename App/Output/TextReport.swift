import DemoBackend
import Networking
import SharedError

/// The text format: the screen, then (with `--trace`, and always in the tour) the journey, then the outcome.
enum TextReport {
    static func render(_ report: RunReport, trace: Bool, style: TerminalStyle) -> String {
        var lines = [report.screenText, ""]
        if trace {
            lines += journey(report, style: style)
            lines.append("")
        }
        for note in report.notes {
            lines.append(style.yellow("note: \(note)"))
        }
        lines.append(style.dim("outcome: \(report.outcome.rawValue) · exit \(report.exitCode)"))
        return lines.joined(separator: "\n")
    }

    /// One line per step: `layer  action  from → to`, and the client reports that went out.
    static func journey(_ report: RunReport, style: TerminalStyle) -> [String] {
        var lines = [style.bold("Journey")]
        if report.journey.isEmpty {
            lines.append("  " + style.dim("no error on the way"))
        }
        for entry in report.journey {
            let event = entry.event
            let layer = style.cyan(style.column(event.layer.rawValue, width: 13))
            let action = style.column(event.action.rawValue, width: 10)
            let wait = event.waited.map { " " + style.dim("(waited \($0.formattedSeconds))") } ?? ""
            lines.append("  \(layer)\(action)\(event.from) → \(event.to ?? "∎")\(wait)")
        }
        for sent in report.clientReports {
            let entries = sent.failures.map { "\($0.keyPath) \($0.kind.rawValue)" }.joined(separator: ", ")
            lines.append("  " + style.dim("client report \(sent.endpoint): \(entries)"))
        }
        return lines
    }
}
