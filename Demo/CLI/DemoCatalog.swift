import App
import Composition
import DemoBackend
import SharedError

/// The demo's catalog, as the runs are held against it: each scenario's plan says what the run must end as.
enum DemoCatalog {
    /// The plan of the scenario `report` played, if it played one of the catalog.
    static func plan(of report: RunReport) -> ScenarioPlan? {
        report.scenario.flatMap(DemoScenario.init(rawValue:))?.plan
    }

    /// `report` held against its scenario's plan: the outcome, the exit code, what each layer did and where the
    /// journey stopped, the alert where DEV and production differ, and the backend's count of transfers. `nil` for
    /// a run that played no scenario of the catalog.
    static func check(_ report: RunReport) -> CatalogCheck? {
        guard let plan = plan(of: report) else { return nil }
        let expectedJourney = plan.expectedJourney(in: report.environment)
        let actualJourney = JourneyShape(report.journey.map(\.event))
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
            let got = report.backendTransfers.map { counted($0, "transfer") } ?? "no count"
            found.append("backend: expected \(counted(transfers, "transfer")), got \(got)")
        }
        found += expectedJourney.differences(from: actualJourney)
        return CatalogCheck(
            summary: plan.summary, expectedOutcome: plan.expected, expectedExitCode: plan.expectedExitCode,
            expectedJourney: expectedJourney, actualJourney: actualJourney, differences: found)
    }
}

/// A scenario of the catalog whose client half the app lays over a run against the user's backend (`--scenario`
/// with `--base-url`), held against the catalog like any run of it.
struct CatalogScenario: ClientScenario {
    let scenario: DemoScenario

    var name: String { scenario.rawValue }

    var transferInput: TransferInput { scenario.plan.transferInput }

    @MainActor
    func configure(_ configuration: inout AppConfiguration, answeringSignIn: Bool) {
        scenario.plan.apply(to: &configuration, answeringSignIn: answeringSignIn)
    }

    func check(_ report: RunReport) -> CatalogCheck? {
        DemoCatalog.check(report)
    }
}
