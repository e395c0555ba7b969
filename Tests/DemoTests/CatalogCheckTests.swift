import DemoBackend
import ErrorReports
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

@Suite("What the tour compares with the catalog")
struct CatalogCheckTests {
    @Test func aShapeKeepsWhatEachLayerDidAndWhereItStopped() {
        let shape = JourneyShape([
            Self.event(.networking, .retried), Self.event(.networking, .mapped), Self.event(.data, .mapped),
        ])

        #expect(shape.actions(of: .networking) == [.mapped, .retried], "in JourneyAction's order")
        #expect(shape.stopsAt == .data)
        #expect(JourneyShape.phrase([.mapped, .mapped, .retried]) == "mapped ×2, retried")
    }

    @Test func theOrderOfStepsWithinALayerDoesNotMatter() {
        let one = JourneyShape([Self.event(.networking, .mapped), Self.event(.networking, .retried)])
        let other = JourneyShape([Self.event(.networking, .retried), Self.event(.networking, .mapped)])

        #expect(one.differences(from: other).isEmpty)
    }

    @Test func aLayerThatDidSomethingElseAndAnotherStopAreNamed() {
        let expected = JourneyShape(actions: [.data: [.mapped], .domain: [.omitted]], stopsAt: .domain)
        let actual = JourneyShape([Self.event(.data, .mapped), Self.event(.presentation, .presented)])

        #expect(
            expected.differences(from: actual) == [
                "domain: expected omitted, got —", "presentation: expected —, got presented",
                "stopped: expected domain, got presentation",
            ])
    }

    @Test func aRunWhoseJourneyStrayedIsNotAsExpectedEvenWithTheRightOutcome() throws {
        let report = RunReport(
            scenario: DemoScenario.walletBanned.rawValue, screen: .payments, environment: .dev, outcome: .content,
            exitCode: 0, screenText: "Payment methods", state: "", presentedError: nil, route: nil,
            journey: [JourneyEntry(event: Self.event(.networking, .mapped), level: .info)], clientReports: [],
            pendingReports: ReportOutbox.Snapshot(), elapsed: .zero, deliberateWait: .zero, notes: [])

        let check = try #require(DemoCatalog.check(report))

        #expect(!check.asExpected)
        #expect(check.differences.contains("domain: expected omitted, got —"))
    }

    @MainActor
    @Test func aDemoRunCarriesItsCheck() async throws {
        let collector = JourneyCollector()
        let report = await DemoRun(
            options: .init(
                appVersion: "test", collector: collector, logger: quietLogger,
                backendLogger: quietLogger)
        ).run(.walletBanned, on: .payments)

        let check = try #require(report.check)

        #expect(check.asExpected, "\(check.differences)")
        #expect(check.summary == DemoScenario.walletBanned.plan.summary)
    }

    @Test func productionExpectsTheDetailLoggedAtNavigation() {
        let plan = DemoScenario.paymentsUnexpected.plan

        #expect(plan.expectedJourney(in: .prod).actions(of: .navigation) == [.presented, .logged])
        #expect(plan.expectedJourney(in: .dev).actions(of: .navigation) == [.presented])
    }

    @Test func everyScenarioWithAnErrorOnTheWaySaysWhereItStops() {
        for scenario in DemoScenario.allCases {
            let plan = scenario.plan
            #expect(plan.journey.isEmpty == (plan.stopsAt == nil), "\(scenario.rawValue)")
            if let stop = plan.stopsAt {
                #expect(!(plan.journey[stop] ?? []).isEmpty, "\(scenario.rawValue) stops where nothing happened")
            }
        }
    }

    private static func event(_ layer: JourneyLayer, _ action: JourneyAction) -> ErrorJourneyEvent {
        ErrorJourneyEvent(layer: layer, module: "M", action: action, from: "e", to: nil, category: .unhandleable)
    }
}
