import App
import DemoBackend
import SharedError

/// The tour's sections and its closing table.
enum TourReport {
    static func section(for report: RunReport, style: TerminalStyle) -> String {
        let plan = plan(of: report)
        let header =
            style.bold("━━ \(name(of: report))") + style.dim(" · \(report.screen.rawValue) · \(plan?.summary ?? "")")
        var lines = [header, indent(report.screenText)]
        lines += TextReport.journey(report, style: style).map { "  " + $0 }
        if let made = report.backendTransfers {
            lines.append("  " + style.dim("the demo backend made \(counted(made, "transfer")), by its own count"))
        }
        let check = DemoCatalog.check(report)
        if check?.asExpected == true {
            lines.append(
                "  " + style.dim("outcome \(report.outcome.rawValue) · exit \(report.exitCode) · ")
                    + style.green("as expected")
                    + "\n")
        } else {
            lines.append(
                "  " + style.dim("outcome \(report.outcome.rawValue) · exit \(report.exitCode) · ")
                    + style.red("not as the catalog says:"))
            lines += (check?.differences ?? ["no scenario of the catalog"]).map { "    " + style.red($0) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func matchesCatalog(_ report: RunReport) -> Bool {
        DemoCatalog.check(report)?.asExpected ?? false
    }

    private static func plan(of report: RunReport) -> ScenarioPlan? {
        DemoCatalog.plan(of: report)
    }

    private static func name(of report: RunReport) -> String {
        report.scenario ?? report.screen.rawValue
    }

    /// scenario | outcome | exit | steps per layer | time, then the totals and the deliberate waits.
    static func summary(_ reports: [RunReport], total: Duration, style: TerminalStyle) -> String {
        let nameWidth = (reports.map { name(of: $0).count }.max() ?? 8) + 2
        let layerWidth = max(20, (reports.map { perLayer($0).count }.max() ?? 0) + 2)
        var lines = [
            style.bold("Summary"),
            "  " + style.column("scenario", width: nameWidth) + style.column("outcome", width: 12)
                + style.column("exit", width: 5) + style.column("handled per layer", width: layerWidth) + "time",
        ]
        for report in reports {
            let mark = matchesCatalog(report) ? style.green("✔") : style.red("✘")
            lines.append(
                mark + " " + style.column(name(of: report), width: nameWidth)
                    + style.column(report.outcome.rawValue, width: 12) + style.column("\(report.exitCode)", width: 5)
                    + style.column(perLayer(report), width: layerWidth) + report.elapsed.formattedSeconds)
        }
        let waits = reports.filter { $0.deliberateWait > .zero }
        let waited = waits.map(\.deliberateWait).reduce(.zero, +)
        let failures = reports.filter { !matchesCatalog($0) }.count
        lines.append("")
        lines.append(
            "  \(reports.count) scenarios in \(total.formattedSeconds), of which \(waited.formattedSeconds) were deliberate waits:"
        )
        for report in waits {
            lines.append(
                "    "
                    + style.dim(
                        "\(name(of: report)) waited \(report.deliberateWait.formattedSeconds) (\(waitReason(report)))"
                    ))
        }
        lines.append(
            "  "
                + (failures == 0
                    ? style.green("every scenario ended as the catalog says")
                    : style.red("\(failures) scenario(s) strayed from the catalog")))
        return lines.joined(separator: "\n")
    }

    /// `networking 2 · data 1 · domain 1`: journey steps per layer, outermost last.
    static func perLayer(_ report: RunReport) -> String {
        let counts = JourneyLayer.allCases.compactMap { layer -> String? in
            let count = report.journey.filter { $0.event.layer == layer }.count
            return count == 0 ? nil : "\(layer.rawValue) \(count)"
        }
        return counts.isEmpty ? "—" : counts.joined(separator: " · ")
    }

    private static func waitReason(_ report: RunReport) -> String {
        let reasons = report.journey.compactMap { entry -> String? in
            guard let waited = entry.event.waited, waited > .zero else { return nil }
            return entry.event.action == .retried ? "retry: \(entry.event.from)" : "deadline"
        }
        return reasons.joined(separator: ", ")
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
