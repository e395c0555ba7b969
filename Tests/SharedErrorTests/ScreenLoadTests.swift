import Logging
import SharedError
import TestSupport
import Testing

/// A screen load keeps, as values, what its report needs: its steps, and the errors handed over to it.
@Suite("What a screen load keeps for its report", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ScreenLoadTests {
    @Test func keepsTheStepsRecordedWhileItRunsAndNoneAfter() async {
        let (sut, recorder) = makeSUT()
        recorder.record(.mapped, from: "before")

        await sut.run { recorder.record(.mapped, from: "during") }
        recorder.record(.mapped, from: "after")

        #expect(sut.journey.map(\.from) == ["during"])
    }

    @Test func keepsStepsOfTheTasksItStarts() async {
        let (sut, recorder) = makeSUT()

        await sut.run { await Task { recorder.record(.recovered, from: "child") }.value }

        #expect(sut.journey.map(\.from) == ["child"])
    }

    @Test func isCurrentOnlyWhileItRuns() async {
        let sut = ScreenLoad()

        let inside = await sut.run { ScreenLoad.current }

        #expect(inside === sut)
        #expect(ScreenLoad.current == nil)
    }

    @Test func twoLoadsKeepTheirOwnSteps() async {
        let (first, recorder) = makeSUT()
        let second = ScreenLoad()

        await first.run { recorder.record(.mapped, from: "first") }
        await second.run { recorder.record(.mapped, from: "second") }

        #expect(first.journey.map(\.from) == ["first"])
        #expect(second.journey.map(\.from) == ["second"])
    }

    @Test func anErrorALayerLeavesOutIsHandedOverWithWhereItCameFrom() async {
        let (sut, _) = makeSUT()
        let domain = JourneyRecorder(.domain, logger: quietLogger)
        let error = Sample.unexplained(Self.diagnostic)

        await sut.run { domain.leftOut(error, level: .warning) }

        #expect(
            sut.leftOut == [
                ErrorRecord(
                    fingerprint: ErrorFingerprint(type: "Sample", caseName: "unexplained", layer: "data"),
                    category: .default, diagnostics: [Self.diagnostic])
            ])
        #expect(sut.journey.map(\.action) == [.omitted], "and the step is in its journey")
        #expect(sut.presentedUnexplained.isEmpty)
    }

    @Test func anErrorLeftOutOutsideAnyLoadIsOnlyAStep() {
        let collector = JourneyCollector()
        let domain = JourneyRecorder(.domain, logger: quietLogger)

        JourneyFlow.recording(into: collector) { domain.leftOut(Sample.explained, level: .info) }

        #expect(collector.events(in: nil).map(\.action) == [.omitted])
    }

    @Test func anErrorPresentedUnexplainedIsFingerprintedByItsFirstDiagnostic() async {
        let sut = ScreenLoad()

        await sut.run { ScreenLoad.current?.handOver(presentedUnexplained: Sample.unexplained(Self.diagnostic)) }

        #expect(sut.presentedUnexplained.map(\.fingerprint.value) == ["Sample.unexplained/networking/internal"])
        #expect(sut.leftOut.isEmpty)
    }

    @Test func keepsNothingHandedOverAfterItEnded() async {
        let sut = ScreenLoad()
        await sut.run {}

        sut.handOver(leftOut: Sample.explained, cameFrom: .data)
        sut.handOver(presentedUnexplained: Sample.explained)

        #expect(sut.leftOut.isEmpty && sut.presentedUnexplained.isEmpty)
    }

    static let diagnostic = Diagnostic(
        error: "HTTPClientError.server(500)", layer: .networking, status: 500, serverCode: "internal",
        requestID: "req-1")

    private func makeSUT() -> (ScreenLoad, JourneyRecorder) {
        (ScreenLoad(), JourneyRecorder(.data, logger: quietLogger))
    }
}

private enum Sample: LayerError {
    case explained, unexplained(Diagnostic)

    static let owningLayer = JourneyLayer.data
    var errorCase: ErrorCase {
        switch self {
        case .explained: .unhandleable("explained")
        case .unexplained(let diagnostic): .default("unexplained").carrying(diagnostic)
        }
    }
}
