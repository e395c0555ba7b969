import Navigation
import SharedError
import TestSupport
import Testing

/// An error Navigation presents unexplained gets the reference of the report its load will send: the alert shows it,
/// in DEV and production alike, and the load hands it to the reporter with the error. A defect of the app (a reused
/// idempotency key) offers support, quoting that reference, never a futile "Try again".
@MainActor
@Suite(
    "Navigation shows the report's reference and never a futile Try again",
    .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ReferenceAndDefectTests {
    @Test(arguments: AppEnvironment.allCases)
    func theAlertShowsTheReferenceTheLoadHandsToTheReporter(_ environment: AppEnvironment) async throws {
        let (sut, load) = makeSUT(environment, references: .sequence("4X8R-2B7N"))

        await load.run { sut.handle(Failure.transient, for: "screen") }

        let alert = try #require(sut.presentedError)
        #expect(alert.reference?.reference.value == "4X8R-2B7N")
        #expect(alert.reference?.text == "Reference 4X8R-2B7N")
        #expect(load.presentedUnexplained.map(\.reference?.value) == ["4X8R-2B7N"])
    }

    @Test func theReferenceIsWordedInTheRoutersLanguage() async throws {
        let sut = Router(
            environment: .prod, language: .german, logger: quietLogger,
            reporter: ReferenceMaker(.sequence("4X8R-2B7N")))

        await ScreenLoad().run { sut.handle(Failure.transient, for: "screen") }

        #expect(sut.presentedError?.reference?.text == "Referenz 4X8R-2B7N")
    }

    @Test func eachPresentedErrorGetsAReferenceOfItsOwn() async {
        let (sut, load) = makeSUT(.prod, references: .sequence("4X8R-2B7N", "Q9ZD-1HMV"))

        await load.run {
            sut.handle(Failure.transient, for: "screen")
            sut.handle(Failure.defect, for: "screen")
        }

        #expect(load.presentedUnexplained.map(\.reference?.value) == ["4X8R-2B7N", "Q9ZD-1HMV"])
        #expect(sut.presentedError?.reference?.reference.value == "Q9ZD-1HMV")
    }

    @Test func withoutAReporterThereIsNoReportAndNoReference() async {
        let sut = Router(environment: .prod, logger: quietLogger)
        let load = ScreenLoad()

        await load.run { sut.handle(Failure.transient, for: "screen") }

        #expect(sut.presentedError?.reference == nil)
        #expect(load.presentedUnexplained.map(\.reference) == [nil])
    }

    @Test func anAppWideConditionGetsNoReference() async {
        let (sut, load) = makeSUT(.prod, references: .sequence("4X8R-2B7N"))

        await load.run { sut.handle(Failure.appWide(.offline), for: "screen") }

        #expect(sut.presentedError?.reference == nil)
    }

    @Test(arguments: AppEnvironment.allCases)
    func aDefectOffersSupportWithTheReferenceNeverTryAgain(_ environment: AppEnvironment) async throws {
        let (sut, load) = makeSUT(environment, references: .sequence("4X8R-2B7N"))

        await load.run { sut.handle(Failure.defect, for: "screen") }

        let alert = try #require(sut.presentedError)
        let reference = try #require(ErrorReference("4X8R-2B7N"))
        #expect(alert.actions.first?.action == .contactSupport(reference: reference))
        #expect(!alert.actions.contains { ["retry", "retryAfter"].contains($0.action.kind) })
    }

    @Test(arguments: AppEnvironment.allCases)
    func aFailureThatMayPassStillOffersTryAgain(_ environment: AppEnvironment) async throws {
        let (sut, load) = makeSUT(environment, references: .sequence("4X8R-2B7N"))

        await load.run { sut.handle(Failure.transient, for: "screen") }

        #expect(sut.presentedError?.actions.first?.action == .retry)
    }

    private func makeSUT(_ environment: AppEnvironment, references: ErrorReferences) -> (Router, ScreenLoad) {
        (Router(environment: environment, logger: quietLogger, reporter: ReferenceMaker(references)), ScreenLoad())
    }
}

/// A reporter that makes references from its source and reports nothing.
private final class ReferenceMaker: UnexplainedErrorReporting {
    private let references: ErrorReferences

    init(_ references: ErrorReferences) {
        self.references = references
    }

    func screenLoadEnded(_ load: ScreenLoad, environment: AppEnvironment) {}
    func newReference() -> ErrorReference { references.make() }
}

/// Unexplained failures: one that may pass (a 503), one the app caused (a reused key), and an app-wide condition.
private enum Failure: LayerError, Hashable {
    case transient, defect, appWide(AppWideCondition)

    static let owningLayer = JourneyLayer.domain

    var errorCase: ErrorCase {
        switch self {
        case .transient:
            .default("transient").carrying(
                Diagnostic(error: "HTTPClientError.server(503)", layer: .networking, status: 503))
        case .defect:
            .default("defect").carrying(
                Diagnostic(
                    error: "HTTPClientError.conflict", layer: .networking, kind: .defect, status: 409,
                    serverCode: "idempotency_key_reused"))
        case .appWide(let condition): .appWide(condition)
        }
    }
}
