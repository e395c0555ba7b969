import Decoding
import ErrorReports
import Foundation
import Navigation
import Networking
import SharedError

/// What the HTML report's template shows, computed from the runs: plain stored values, because the template
/// engine reads them by reflection. Every string is text; the template escapes it.
struct ReportPage {
    struct Header {
        var name: String
    }

    struct Cell {
        var layer: String
        /// The layer's actions, space-separated, in `JourneyAction`'s order (the browser test reads them).
        var actions: String
        var phrase: String
        var tone: String
        var stop: Bool
        /// What a screen reader hears for the cell.
        var label: String
    }

    struct Row {
        var name: String
        var anchor: String
        var cells: [Cell]
        var outcome: String
        var exitCode: Int32
        var verdict: String
        var asExpected: Bool
    }

    struct Step {
        var layer: String
        var action: String
        var category: String
        var from: String
        var to: String
    }

    struct Comparison {
        var what: String
        var expected: String
        var actual: String
        var same: Bool
    }

    struct Scenario {
        var name: String
        var anchor: String
        var screen: String
        var summary: String
        var screenText: String
        var outcome: String
        var exitCode: Int32
        var presented: String
        var swimlane: Swimlane
        var hasSteps: Bool
        var steps: [Step]
        var reports: [String]
        var hasReports: Bool
        var pending: [String]
        var hasPending: Bool
        var errorReports: [String]
        var hasErrorReports: Bool
        var notes: [String]
        var hasNotes: Bool
        var hasCheck: Bool
        var asExpected: Bool
        var comparisons: [Comparison]
        var differences: [String]
        var hasDifferences: Bool
    }

    struct Legend {
        var tone: String
        var text: String
    }

    var title: String
    var summary: String
    var generated: String
    var layers: [Header]
    var legend: [Legend]
    var rows: [Row]
    var scenarios: [Scenario]

    /// The columns of the matrix: the app's layers, innermost first (App only when a run recorded there).
    static func layers(of reports: [RunReport]) -> [JourneyLayer] {
        JourneyLayer.allCases.filter { layer in
            layer != .app || reports.contains { $0.journey.contains { $0.event.layer == .app } }
        }
    }

    init(_ reports: [RunReport], title: String, elapsed: Duration?, version: String) {
        let layers = Self.layers(of: reports)
        let checks = reports.map(\.check)
        let strayed = checks.filter { $0?.asExpected == false }.count
        let environments = Set(reports.map(\.environment.rawValue)).sorted().joined(separator: ", ")
        self.title = title
        summary =
            "\(counted(reports.count, "run")) · "
            + (checks.contains { $0 != nil }
                ? (strayed == 0 ? "every scenario as the catalog says" : "\(strayed) not as the catalog says") + " · "
                : "") + "environment \(environments)" + (elapsed.map { " · \($0.formattedSeconds)" } ?? "")
        generated = "errorflow \(version)"
        self.layers = layers.map { Header(name: $0.rawValue) }
        legend = ActionTone.allCases.map { Legend(tone: $0.rawValue, text: $0.legend) }
        rows = zip(reports, checks).map { Self.row($0, check: $1, layers: layers) }
        scenarios = zip(reports, checks).map { Self.scenario($0, check: $1) }
    }

    private static func name(of report: RunReport) -> String {
        report.scenario ?? report.screen.rawValue
    }

    private static func anchor(of report: RunReport) -> String {
        "s-" + name(of: report).map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    private static func row(_ report: RunReport, check: CatalogCheck?, layers: [JourneyLayer]) -> Row {
        let shape = JourneyShape(report.journey.map(\.event))
        let cells = layers.map { layer in
            let actions = shape.actions(of: layer)
            let stop = shape.stopsAt == layer
            let phrase = JourneyShape.phrase(actions)
            return Cell(
                layer: layer.rawValue, actions: actions.map(\.rawValue).joined(separator: " "), phrase: phrase,
                tone: ActionTone.strongest(actions)?.rawValue ?? "none", stop: stop,
                label: "\(layer.rawValue): \(actions.isEmpty ? "nothing" : phrase)"
                    + (stop ? "; the error stopped here" : ""))
        }
        return Row(
            name: name(of: report), anchor: anchor(of: report), cells: cells, outcome: report.outcome.rawValue,
            exitCode: report.exitCode, verdict: verdict(check), asExpected: check?.asExpected ?? true)
    }

    private static func verdict(_ check: CatalogCheck?) -> String {
        guard let check else { return "no catalog entry" }
        return check.asExpected ? "as expected" : "not as expected"
    }

    private static func scenario(_ report: RunReport, check: CatalogCheck?) -> Scenario {
        let steps = report.journey.map(\.event).map { event in
            Step(
                layer: event.layer.rawValue, action: event.action.rawValue, category: event.category?.rawValue ?? "",
                from: event.from, to: event.to ?? "∎")
        }
        let sent = report.clientReports.map(describe)
        let waiting = report.pendingReports.pending.map(describe)
        let errorReports =
            report.errorReports.map(\.toldAsReceived)
            + report.pendingReports.pendingErrorReports.map { "\($0.fingerprint.value) · waits in the outbox" }
        let differences = check?.differences ?? []
        return Scenario(
            name: name(of: report), anchor: anchor(of: report), screen: report.screen.rawValue,
            summary: check?.summary ?? "a run against your backend", screenText: report.screenText,
            outcome: report.outcome.rawValue, exitCode: report.exitCode,
            presented: report.presentedError.map { presented in
                let actions = presented.actions.map(\.label).joined(separator: " · ")
                return [
                    presented.title, presented.message, presented.reference?.text,
                    actions.isEmpty ? nil : "→ " + actions,
                ].compactMap { $0 }
                    .joined(separator: ": ")
            }
                ?? report.route.map { "routed to \($0.rawValue)" } ?? "nothing",
            swimlane: Swimlane(report.journey.map(\.event)), hasSteps: !steps.isEmpty, steps: steps,
            reports: sent, hasReports: !sent.isEmpty, pending: waiting, hasPending: !waiting.isEmpty,
            errorReports: errorReports, hasErrorReports: !errorReports.isEmpty,
            notes: report.notes, hasNotes: !report.notes.isEmpty, hasCheck: check != nil,
            asExpected: check?.asExpected ?? true, comparisons: check.map { comparisons(report, $0) } ?? [],
            differences: differences, hasDifferences: !differences.isEmpty)
    }

    private static func comparisons(_ report: RunReport, _ check: CatalogCheck) -> [Comparison] {
        var rows = [
            Comparison(
                what: "outcome", expected: "\(check.expectedOutcome.rawValue), exit \(check.expectedExitCode)",
                actual: "\(report.outcome.rawValue), exit \(report.exitCode)",
                same: report.outcome == check.expectedOutcome && report.exitCode == check.expectedExitCode)
        ]
        for layer in JourneyLayer.allCases {
            let expected = check.expectedJourney.actions(of: layer)
            let actual = check.actualJourney.actions(of: layer)
            guard !(expected.isEmpty && actual.isEmpty) else { continue }
            rows.append(
                Comparison(
                    what: layer.rawValue, expected: JourneyShape.phrase(expected), actual: JourneyShape.phrase(actual),
                    same: expected == actual))
        }
        rows.append(
            Comparison(
                what: "stopped at", expected: check.expectedJourney.stopsAt?.rawValue ?? "nowhere",
                actual: check.actualJourney.stopsAt?.rawValue ?? "nowhere",
                same: check.expectedJourney.stopsAt == check.actualJourney.stopsAt))
        return rows
    }

    private static func describe(_ report: ClientReport) -> String {
        report.endpoint + ": "
            + report.failures.map { "\($0.keyPath) \($0.kind.rawValue)" }.joined(separator: ", ")
    }
}
