import Logging
import Navigation
import SharedError
import TestSupport
import Testing

/// Navigation hands every error it presents unexplained to the running screen load, in DEV and production alike, and
/// every screen load, once ended, to its reporter, inside the load's own trace, with what the load kept.
@MainActor
@Suite("Navigation reports what nobody explained", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct UnexplainedErrorReportingTests {
    @Test(arguments: AppEnvironment.allCases)
    func anUnexplainedErrorReachesTheReporterOnceInEitherEnvironment(_ environment: AppEnvironment) async {
        let (sut, reporter) = makeSUT(environment)

        _ = await sut.run(
            { () async throws(Puzzling) in throw Puzzling.unexplained }, show: { _ in }, ownWords: { _ in nil })

        #expect(reporter.presented == [["Puzzling.unexplained/networking/busy"]])
        #expect(reporter.environments == [environment])
    }

    @Test(arguments: [Puzzling.offline, .sessionOver, .cancelled])
    func whatNavigationExplainsOrIgnoresIsNotHandedOver(_ error: Puzzling) async {
        let (sut, reporter) = makeSUT(.prod)

        _ = await sut.run({ () async throws(Puzzling) in throw error }, show: { _ in }, ownWords: { _ in nil })

        #expect(reporter.presented == [[]])
    }

    @Test func theRouterHandsWhatItPresentsUnexplainedToTheRunningLoad() async {
        let router = Router(environment: .prod, logger: quietLogger)
        let load = ScreenLoad()

        await load.run {
            router.handle(Puzzling.unexplained, for: "screen")
            router.handle(Puzzling.offline, for: "screen")
        }

        #expect(load.presentedUnexplained.map(\.fingerprint.value) == ["Puzzling.unexplained/networking/busy"])
    }

    @Test func theLoadHandedOverHoldsItsJourneyAndWhatALayerLeftOut() async {
        let (sut, reporter) = makeSUT(.prod)
        let domain = JourneyRecorder(.domain, logger: quietLogger)

        _ = await sut.run(
            { () async throws(Puzzling) in domain.leftOut(Puzzling.unexplained, level: .warning) }, show: { _ in },
            ownWords: { _ in nil })

        #expect(reporter.leftOut == [["Puzzling.unexplained/data/-"]])
        #expect(reporter.journeys == [["domain omitted Puzzling.unexplained"]])
        #expect(reporter.presented == [[]])
    }

    @Test func theEndOfALoadIsHeardInsideItsTrace() async throws {
        let (sut, reporter) = makeSUT(.prod)

        var seen: [String?] = []
        for _ in 0..<2 {
            _ = await sut.run(
                { () async throws(Puzzling) in seen.append(ScreenTrace.currentID) }, show: { _ in },
                ownWords: { _ in nil })
        }

        #expect(reporter.ended.count == 2)
        #expect(reporter.ended == seen, "each load ended inside its own trace")
        #expect(Set(seen.compactMap { $0 }).count == 2, "one trace per load")
        #expect(ScreenTrace.currentID == nil)
    }

    @Test func aLoadThatFailsUnexplainedIsHandedOverWithTheStepsThatPresentedIt() async {
        let (sut, reporter) = makeSUT(.dev)

        _ = await sut.run(
            { () async throws(Puzzling) in throw Puzzling.unexplained }, show: { _ in }, ownWords: { _ in nil })

        #expect(
            reporter.journeys == [
                [
                    "presentation forwarded Puzzling.unexplained",
                    "navigation presented Puzzling.unexplained",
                ]
            ])
    }

    private func makeSUT(_ environment: AppEnvironment) -> (ScreenPresenter, ReporterSpy) {
        let reporter = ReporterSpy()
        let router = Router(environment: environment, logger: quietLogger, reporter: reporter)
        return (ScreenPresenter(screen: "screen", router: router, logger: quietLogger), reporter)
    }
}

/// Records every load it was handed, what the load kept, and the trace each call came in.
private final class ReporterSpy: UnexplainedErrorReporting {
    private struct Heard {
        var presented: [[String]] = []
        var leftOut: [[String]] = []
        var journeys: [[String]] = []
        var environments: [AppEnvironment] = []
        var ended: [String?] = []
    }

    private let heard = LockedState(Heard())

    var presented: [[String]] { heard.withLock { $0.presented } }
    var leftOut: [[String]] { heard.withLock { $0.leftOut } }
    var journeys: [[String]] { heard.withLock { $0.journeys } }
    var environments: [AppEnvironment] { heard.withLock { $0.environments } }
    var ended: [String?] { heard.withLock { $0.ended } }

    func newReference() -> ErrorReference { .sample }

    func screenLoadEnded(_ load: ScreenLoad, environment: AppEnvironment) {
        heard.withLock {
            $0.presented.append(load.presentedUnexplained.map(\.fingerprint.value))
            $0.leftOut.append(load.leftOut.map(\.fingerprint.value))
            $0.journeys.append(load.journey.map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from)" })
            $0.environments.append(environment)
            $0.ended.append(ScreenTrace.currentID)
        }
    }
}

/// An error whose app-wide conditions are not all in its `appWide` case, with a diagnostic for every case.
enum Puzzling: BackendCallError, Hashable, CustomTestStringConvertible {
    case unexplained, offline, sessionOver, cancelled, appWide(AppWideCondition)

    static let owningLayer = JourneyLayer.domain
    var errorCase: ErrorCase {
        switch self {
        case .unexplained: .default("unexplained")
        case .offline: .unhandleable("offline")
        case .sessionOver: .unhandleable("sessionOver")
        case .cancelled: .cancelled
        case .appWide(let condition): .appWide(condition)
        }
    }

    var appWideCondition: AppWideCondition? {
        switch self {
        case .offline: .offline
        case .sessionOver: .sessionExpired
        case .appWide(let condition): condition
        case .unexplained, .cancelled: nil
        }
    }

    var diagnostics: [Diagnostic] {
        [Diagnostic(error: "HTTPClientError.server(503)", layer: .networking, status: 503, serverCode: "busy")]
    }

    var testDescription: String { journeyName }
}
