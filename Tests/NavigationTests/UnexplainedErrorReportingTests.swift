import Logging
import Navigation
import SharedError
import TestSupport
import Testing

/// Navigation hands every error it presents unexplained to its reporter, in DEV and production alike, and every
/// screen load tells it when it ends, inside the load's own trace.
@MainActor
@Suite("Navigation reports what nobody explained", .timeLimit(.minutes(3)))
struct UnexplainedErrorReportingTests {
    @Test(arguments: AppEnvironment.allCases)
    func anUnexplainedErrorIsReportedOnceInEitherEnvironment(_ environment: AppEnvironment) {
        let (sut, reporter) = makeSUT(environment)

        sut.handle(Puzzling.unexplained, for: "screen")

        #expect(reporter.presented == ["Puzzling.unexplained/networking/busy in \(environment.rawValue)"])
    }

    @Test(arguments: [Puzzling.offline, .sessionOver, .cancelled])
    func whatNavigationExplainsOrIgnoresIsNotReported(_ error: Puzzling) {
        let (sut, reporter) = makeSUT(.prod)

        sut.handle(error, for: "screen")

        #expect(reporter.presented.isEmpty)
    }

    @Test func theEndOfALoadIsHeardInsideItsTrace() async throws {
        let (router, reporter) = makeSUT(.prod)
        let sut = ScreenPresenter(screen: "screen", router: router, logger: quietLogger)

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

    @Test func aLoadThatFailsUnexplainedReportsItAndThenEndsInTheSameTrace() async {
        let (router, reporter) = makeSUT(.dev)
        let sut = ScreenPresenter(screen: "screen", router: router, logger: quietLogger)

        _ = await sut.run(
            { () async throws(Puzzling) in throw Puzzling.unexplained }, show: { _ in }, ownWords: { _ in nil })

        #expect(reporter.presented.count == 1)
        #expect(reporter.presentedTraces == reporter.ended)
    }

    private func makeSUT(_ environment: AppEnvironment) -> (Router, ReporterSpy) {
        let reporter = ReporterSpy()
        return (Router(environment: environment, logger: quietLogger, reporter: reporter), reporter)
    }
}

/// Records what Navigation told it, and the trace each call came in.
private final class ReporterSpy: UnexplainedErrorReporting {
    private let calls = LockedState<(presented: [String], presentedTraces: [String?], ended: [String?])>(([], [], []))

    var presented: [String] { calls.withLock { $0.presented } }
    var presentedTraces: [String?] { calls.withLock { $0.presentedTraces } }
    var ended: [String?] { calls.withLock { $0.ended } }

    func presentedUnexplained(_ error: some ScreenError, environment: AppEnvironment) {
        let line = "\(ErrorFingerprint(of: error).value) in \(environment.rawValue)"
        calls.withLock {
            $0.presented.append(line)
            $0.presentedTraces.append(ScreenTrace.currentID)
        }
    }

    func screenLoadEnded(environment: AppEnvironment) {
        calls.withLock { $0.ended.append(ScreenTrace.currentID) }
    }
}

/// An error whose app-wide conditions are not all in its `appWide` case, with a diagnostic for every case.
enum Puzzling: PassesOnAppWideConditions, Hashable, CustomTestStringConvertible {
    case unexplained, offline, sessionOver, cancelled, appWide(AppWideCondition)

    static let owningLayer = JourneyLayer.domain
    var errorCase: ErrorCase {
        switch self {
        case .unexplained: .unexplained("unexplained")
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
