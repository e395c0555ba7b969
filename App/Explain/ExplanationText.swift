import Foundation
import SharedError

/// `explain`'s two formats: text for people, and one JSON object.
enum ExplanationText {
    static func render(_ explanation: Explanation, style: TerminalStyle) -> String {
        var lines = [style.bold(explanation.fingerprint), ""]
        let raised =
            explanation.raisedIn == "-"
            ? "" : "; the failure behind it was raised in \(explanation.raisedIn)"
        let code = explanation.serverCode.map { ", server code \($0)" } ?? ""
        lines += [
            "owner     \(explanation.type).\(explanation.caseName), declared in \(explanation.file)",
            "layer     \(explanation.layer)\(raised)\(code)",
            "category  \(explanation.category)",
            "",
            style.bold("Produced by (docs/boundaries.md)"),
        ]
        lines += explanation.producedBy.map(row)
        if let none = explanation.producedByNone { lines.append("  " + none) }
        lines += ["", style.bold("Handled by")]
        lines +=
            explanation.handledBy.isEmpty
            ? ["  no boundary row: it reaches Navigation as it is"] : explanation.handledBy.map(row)
        lines += ["", style.bold("What the user sees (Navigation's Router and the screens, in English)")]
        for sight in explanation.userSees {
            lines.append("  via \(sight.via)")
            if sight.dev == sight.prod {
                lines.append("    dev and prod  \(sight.dev)")
            } else {
                lines += ["    dev   \(sight.dev)", "    prod  \(sight.prod)"]
            }
        }
        lines += ["", style.bold("Scenarios that reproduce it")]
        if let note = explanation.scenariosNote { lines.append("  " + note) }
        for scenario in explanation.scenarios {
            lines.append("  \(scenario.name): \(scenario.summary)")
            lines.append("    " + style.cyan(scenario.command))
        }
        if let report = explanation.report {
            let reference = report.reference.map { " \($0)" } ?? ""
            let ids = [report.requestID.map { "request \($0)" }, report.traceID.map { "trace \($0)" }].compactMap { $0 }
            lines += ["", style.bold("Breadcrumbs (report\(reference))")]
            if !ids.isEmpty { lines.append("  " + style.dim(ids.joined(separator: " · "))) }
            lines += report.breadcrumbLines(style: style)
            lines += ["", style.bold("Mermaid"), "", "```mermaid", report.mermaid, "```"]
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ explanation: Explanation) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(explanation) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func row(_ row: BoundaryDocument.Row) -> String {
        "  \(row.boundary)  \(row.errors.joined(separator: ", ")) [\(row.category)]  \(row.reaction)"
    }
}
