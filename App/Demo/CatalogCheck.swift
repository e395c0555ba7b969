import DemoBackend
import SharedError

/// One run held against what the catalog says of its scenario: the outcome, the exit code, what each layer did
/// and where the journey stopped, the alert where DEV and production differ, and the backend's count of transfers.
struct CatalogCheck: Sendable {
    let plan: ScenarioPlan
    let expectedJourney: JourneyShape
    let actualJourney: JourneyShape
    /// What differs, one line each; empty when the run ended as the catalog says.
    let differences: [String]

    var asExpected: Bool { differences.isEmpty }

    /// `nil` for a run that played no scenario of the catalog.
    init?(_ report: RunReport) {
        guard let plan = report.scenario.flatMap(DemoScenario.init(rawValue:))?.plan else { return nil }
        self.plan = plan
        expectedJourney = plan.expectedJourney(in: report.environment)
        actualJourney = JourneyShape(report.journey.map(\.event))

        var found: [String] = []
        if report.outcome != plan.expected {
            found.append("outcome: expected \(plan.expected.rawValue), got \(report.outcome.rawValue)")
        }
        if report.exitCode != plan.expectedExitCode {
            found.append("exit: expected \(plan.expectedExitCode), got \(report.exitCode)")
        }
        if let alert = plan.expectedAlert(in: report.environment), !alert.matches(report.presentedError) {
            found.append("alert: expected \(alert.rawValue), got \(report.presentedError?.title ?? "none")")
        }
        if let transfers = plan.expectedTransfers, transfers != report.backendTransfers {
            found.append(
                "backend: expected \(counted(transfers, "transfer")), got \(report.backendTransfers.map { counted($0, "transfer") } ?? "no count")"
            )
        }
        found += expectedJourney.differences(from: actualJourney)
        differences = found
    }
}
