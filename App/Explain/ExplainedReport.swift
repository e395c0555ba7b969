import ErrorReports
import Foundation
import Networking
import Redaction
import SharedError

/// An error report as `explain` reads it, from a file or from the backend (the object the app sent, and the
/// backend's `reference`): its fingerprint, the journey that led to it as breadcrumbs, and the ids that find it.
struct ExplainedReport: Encodable, Sendable {
    /// The backend's reference of the report (`7K3M-Q9XD`), when it has one.
    var reference: String?
    /// The fingerprint, as reports group by it.
    var fingerprint: ErrorFingerprint
    /// The screen load's journey up to the error, oldest first.
    var breadcrumbs: [Breadcrumb]
    /// How many steps of the journey the report left out after ``breadcrumbs``.
    var omittedBreadcrumbs: Int?
    /// The `X-Request-ID` of the call behind the error.
    var requestID: String?
    /// The screen load's W3C trace id.
    var traceID: String?
    /// Where the app ran: `dev` or `prod`.
    var environment: String?
    /// The failure behind the error, as the first breadcrumb of the fingerprint's layer names what it became
    /// (`HTTPClientError.conflict`); `nil` when no breadcrumb tells it.
    var failure: String? {
        breadcrumbs.first { $0.layer.rawValue == fingerprint.layer }?.to
    }
    /// The breadcrumbs as a Mermaid sequence diagram.
    var mermaid: String { ReportMermaid.render(self) }

    /// The most bytes a report file or answer may have.
    static let byteLimit = 1 << 20

    private enum CodingKeys: String, CodingKey {
        case reference, fingerprint, breadcrumbs, omittedBreadcrumbs, requestID, traceID, environment, mermaid
    }

    /// Reads a report from `data`; `nil` when it is not one (no fingerprint, breadcrumbs that are not journey
    /// steps, more than ``byteLimit`` bytes). A file or a backend's answer may carry what a report never should:
    /// each breadcrumb is scrubbed by pattern as it is read (``Redaction/text(_:known:)``), before any format
    /// (the JSON's own escaping included) can carry it out.
    static func read(_ data: Data) -> ExplainedReport? {
        guard data.count <= byteLimit, let read = try? JSONDecoder().decode(Read.self, from: data) else { return nil }
        let fingerprint: ErrorFingerprint? =
            switch read.fingerprint {
            case .parts(let parts): parts
            case .value(let value): Explanation.fingerprint(from: value)
            }
        guard let fingerprint else { return nil }
        let breadcrumbs = (read.breadcrumbs ?? []).map { crumb in
            var scrubbed = crumb
            scrubbed.from = Redaction.text(crumb.from)
            scrubbed.to = crumb.to.map { Redaction.text($0) }
            return scrubbed
        }
        return ExplainedReport(
            reference: read.reference, fingerprint: fingerprint, breadcrumbs: breadcrumbs,
            omittedBreadcrumbs: read.omittedBreadcrumbs, requestID: read.requestID, traceID: read.traceID,
            environment: read.environment)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encode(fingerprint.value, forKey: .fingerprint)
        try container.encode(breadcrumbs, forKey: .breadcrumbs)
        try container.encodeIfPresent(omittedBreadcrumbs, forKey: .omittedBreadcrumbs)
        try container.encodeIfPresent(requestID, forKey: .requestID)
        try container.encodeIfPresent(traceID, forKey: .traceID)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encode(mermaid, forKey: .mermaid)
    }

    /// One line per breadcrumb, as the journey's text shows a step: `layer  action  [category]  from → to`.
    func breadcrumbLines(style: TerminalStyle) -> [String] {
        var lines = breadcrumbs.map { crumb in
            let layer = style.cyan(style.column(crumb.layer.rawValue, width: 13))
            let action = style.column(crumb.action.rawValue, width: 10)
            let category = style.dim(style.column(crumb.category.map { "[\($0.rawValue)]" } ?? "", width: 15))
            return "  \(layer)\(action)\(category)\(crumb.from) → \(crumb.to ?? "∎")"
        }
        if breadcrumbs.isEmpty { lines.append("  " + style.dim("the report has no breadcrumbs")) }
        if let omittedBreadcrumbs { lines.append("  " + style.dim("… and \(omittedBreadcrumbs) more, left out")) }
        return lines
    }

    /// The report's fields as they are read: the fingerprint as the app sends it (its parts) or as the CLI prints
    /// it (one string).
    private struct Read: Decodable {
        var reference: String?
        var fingerprint: FingerprintField
        var breadcrumbs: [Breadcrumb]?
        var omittedBreadcrumbs: Int?
        var requestID: String?
        var traceID: String?
        var environment: String?
    }

    private enum FingerprintField: Decodable {
        case parts(ErrorFingerprint)
        case value(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(String.self) {
                self = .value(value)
            } else {
                self = .parts(try container.decode(ErrorFingerprint.self))
            }
        }
    }
}

/// A report's breadcrumbs as a Mermaid sequence diagram, in the grammar of the journeys' diagrams
/// (``MermaidJourney``): one lane per layer, one arrow per breadcrumb from the layer of the step before (the first
/// from where such an error comes from), labelled with the action, the category and what it became.
enum ReportMermaid {
    static func render(_ report: ExplainedReport) -> String {
        typealias Lane = MermaidJourney.Lane
        let reference = report.reference.map { " (report \($0))" } ?? ""
        var lines = ["sequenceDiagram", "    title \(MermaidJourney.escaped(report.fingerprint.value + reference))"]
        var arrows: [(from: Lane, to: Lane, text: String)] = []
        var previous: Lane?
        for crumb in report.breadcrumbs {
            let lane = Lane(crumb.layer)
            let category = crumb.category.map { " [\($0.rawValue)]" } ?? ""
            let text = "\(crumb.action.rawValue)\(category) \(crumb.from)" + (crumb.to.map { " → \($0)" } ?? " ∎")
            arrows.append((previous ?? Lane(JourneyOrigin.beneath(crumb.layer)), lane, text))
            previous = lane
        }
        let used = Set(arrows.flatMap { [$0.from, $0.to] })
        let lanes = (JourneyOrigin.allCases.map(Lane.init) + [Lane.app]).filter(used.contains)
        for lane in lanes.isEmpty ? [Lane.app] : lanes {
            lines.append("    participant \(lane.id) as \(lane.title)")
        }
        for arrow in arrows {
            lines.append("    \(arrow.from.id)->>\(arrow.to.id): \(MermaidJourney.escaped(arrow.text))")
        }
        let last = previous ?? Lane.app
        let omitted = report.omittedBreadcrumbs.map { ", \($0) more left out" } ?? ""
        lines.append(
            "    Note over \(last.id): "
                + MermaidJourney.escaped("reported as \(report.fingerprint.value)\(omitted)"))
        return lines.joined(separator: "\n")
    }
}
