import App
import Foundation
import Navigation
import SharedError

/// `tour --format json`: per scenario what the catalog expects and what the run did, the whole run as a screen
/// prints it, and a summary.
struct TourJSON: Encodable {
    /// What the catalog expects, or what happened, in the same shape.
    struct Ending: Encodable {
        var outcome: String
        var exitCode: Int32
        var journey: JourneyShape
        /// The alert's title; for an expected one, which kind: "developer detail" or "the safe default".
        var alert: String?
        var backendTransfers: Int?
    }

    struct Entry: Encodable {
        var scenario: String
        var screen: String
        var asExpected: Bool
        var differences: [String]
        var expected: Ending?
        var actual: Ending
        var run: JSONReport
    }

    struct Summary: Encodable {
        var environment: String
        var scenarios: Int
        var asExpected: Int
        var strayed: [String]
        var elapsedSeconds: Double
        var deliberateWaitSeconds: Double
    }

    var scenarios: [Entry]
    var summary: Summary

    init(_ reports: [RunReport], elapsed: Duration, environment: AppEnvironment) {
        scenarios = reports.map { report in
            let check = DemoCatalog.check(report)
            let plan = DemoCatalog.plan(of: report)
            return Entry(
                scenario: report.scenario ?? report.screen.rawValue, screen: report.screen.rawValue,
                asExpected: check?.asExpected ?? false, differences: check?.differences ?? ["no catalog entry"],
                expected: check.map { check in
                    Ending(
                        outcome: check.expectedOutcome.rawValue, exitCode: check.expectedExitCode,
                        journey: check.expectedJourney,
                        alert: plan?.expectedAlert(in: report.environment)?.rawValue,
                        backendTransfers: plan?.expectedTransfers)
                },
                actual: Ending(
                    outcome: report.outcome.rawValue, exitCode: report.exitCode,
                    journey: JourneyShape(report.journey.map(\.event)), alert: report.presentedError?.title,
                    backendTransfers: report.backendTransfers),
                run: JSONReport(report))
        }
        summary = Summary(
            environment: environment.rawValue, scenarios: reports.count,
            asExpected: scenarios.filter(\.asExpected).count,
            strayed: scenarios.filter { !$0.asExpected }.map(\.scenario), elapsedSeconds: elapsed.seconds,
            deliberateWaitSeconds: reports.map(\.deliberateWait).reduce(.zero, +).seconds)
    }

    func rendered() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension Duration {
    /// The duration in seconds, to the millisecond.
    fileprivate var seconds: Double {
        (inSeconds * 1000).rounded() / 1000
    }
}
