import Foundation
import Logging
import SharedError
import TestSupport
import Testing

@Suite("Journey steps reach the flow's sinks as values", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct JourneyRecordingTests {
    @Test(arguments: JourneyLayer.allCases, JourneyAction.allCases)
    func everyLayerAndActionReachesTheSink(layer: JourneyLayer, action: JourneyAction) {
        let (sut, collector) = makeSUT(layer)

        JourneyFlow.$current.withValue(JourneyFlowID("flow")) {
            JourneyFlow.recording(into: collector) { sut.record(action, from: "A.a", to: "B.b") }
        }

        #expect(
            collector.events(in: JourneyFlowID("flow")) == [
                ErrorJourneyEvent(layer: layer, module: "SharedErrorTests", action: action, from: "A.a", to: "B.b")
            ])
    }

    @Test func keepsTheWaitTheCategoryTheOriginAndAMissingTarget() {
        let (sut, collector) = makeSUT(.networking)

        JourneyFlow.recording(into: collector) {
            sut.record(
                .retried, from: "HTTP 429", category: .recoverable, origin: .transport, waited: .milliseconds(1_250))
        }

        #expect(
            collector.events(in: nil) == [
                ErrorJourneyEvent(
                    layer: .networking, module: "SharedErrorTests", action: .retried, from: "HTTP 429", to: nil,
                    category: .recoverable, origin: .transport, waited: .milliseconds(1_250))
            ])
    }

    @Test(arguments: [Logger.Level.info, .warning, .error])
    func keepsTheLevelOfEachStep(_ level: Logger.Level) {
        let (sut, collector) = makeSUT(.domain)

        JourneyFlow.recording(into: collector) { sut.record(.omitted, from: "X", level: level) }

        #expect(collector.entries(in: nil).map(\.level) == [level])
    }

    @Test func aStepRecordedBelowInfoIsRecordedAtInfo() {
        let (sut, collector) = makeSUT(.domain)

        JourneyFlow.recording(into: collector) { sut.record(.omitted, from: "X", level: .debug) }

        #expect(collector.entries(in: nil).map(\.level) == [.info])
    }

    @Test func aLoggerThatWritesNothingStillHandsEveryStepToTheSink() {
        var quiet = SwiftLogNoOpLogHandler()
        quiet.logLevel = .critical
        let sut = JourneyRecorder(.domain, logger: Logger(label: "quiet") { _ in quiet })
        let collector = JourneyCollector()

        JourneyFlow.recording(into: collector) { sut.record(.omitted, from: "X") }

        #expect(collector.events(in: nil).map(\.from) == ["X"])
    }

    @Test func aLogLineIsNoStepEvenWithTheJourneysMetadata() {
        let collector = JourneyCollector()

        JourneyFlow.recording(into: collector) {
            quietLogger.error("something happened", metadata: ["journey.layer": "data", "journey.action": "mapped"])
        }

        #expect(collector.events(in: nil).isEmpty)
    }

    @Test func eachStepIsAlsoALogLineForPeople() {
        let capture = LogCapture()
        let sut = JourneyRecorder(.data, logger: capture.logger(label: "people"))

        sut.record(.mapped, from: "HTTPClientError.forbidden", to: "WalletRepositoryError.banned", level: .error)

        #expect(capture.lines.count == 1)
        #expect(
            capture.lines.first?.contains(
                "data SharedErrorTests mapped HTTPClientError.forbidden → WalletRepositoryError.banned") == true)
    }

    @Test func outsideARecordingScopeNoSinkHearsAnything() {
        let (sut, collector) = makeSUT(.data)
        JourneyFlow.recording(into: collector) { sut.record(.mapped, from: "inside") }

        sut.record(.mapped, from: "after")

        #expect(collector.events(in: nil).map(\.from) == ["inside"])
    }

    @Test func nestedSinksEachHearEveryStepOnce() {
        let (sut, outer) = makeSUT(.data)
        let inner = JourneyCollector()

        JourneyFlow.recording(into: outer) {
            JourneyFlow.recording(into: inner) {
                JourneyFlow.recording(into: outer) { sut.record(.mapped, from: "x") }
            }
        }

        #expect(outer.events(in: nil).count == 1)
        #expect(inner.events(in: nil).count == 1)
    }

    @Test func concurrentFlowsNeverMix() async {
        let (sut, collector) = makeSUT(.data)
        let flows = (0..<40).map { JourneyFlowID("flow-\($0)") }

        await JourneyFlow.recording(into: collector) {
            await withTaskGroup(of: Void.self) { group in
                for flow in flows {
                    group.addTask {
                        await JourneyFlow.$current.withValue(flow) {
                            for step in 0..<50 {
                                sut.record(.mapped, from: "\(flow)#\(step)")
                                await Task.yield()
                            }
                        }
                    }
                }
            }
        }

        for flow in flows {
            #expect(collector.events(in: flow).map(\.from) == (0..<50).map { "\(flow)#\($0)" })
        }
    }

    @Test func childTasksInheritTheFlowAndItsSinks() async {
        let (sut, collector) = makeSUT(.networking)
        let flow = JourneyFlowID("parent")

        await JourneyFlow.$current.withValue(flow) {
            await JourneyFlow.recording(into: collector) {
                await Task { sut.record(.recovered, from: "x") }.value
            }
        }

        #expect(collector.events(in: flow).count == 1)
    }

    @Test func aContextCarriesTheFlowAndItsSinksIntoADetachedTask() async {
        let (sut, collector) = makeSUT(.networking)
        let flow = JourneyFlowID("carried")
        let context = JourneyFlow.$current.withValue(flow) {
            JourneyFlow.recording(into: collector) { JourneyContext.current }
        }

        await Task.detached { context.run { sut.record(.queued, from: "report") } }.value

        #expect(collector.events(in: flow).map(\.from) == ["report"])
    }

    @Test func noContextReachesNoSink() {
        let (sut, collector) = makeSUT(.networking)

        JourneyFlow.recording(into: collector) {
            JourneyContext.none.run { sut.record(.mapped, from: "an error report's own request") }
        }

        #expect(collector.events(in: nil).isEmpty)
    }

    @Test func removingAFlowForgetsOnlyThatFlow() {
        let (sut, collector) = makeSUT(.app)
        JourneyFlow.recording(into: collector) {
            JourneyFlow.$current.withValue(JourneyFlowID("a")) { sut.record(.logged, from: "x") }
            JourneyFlow.$current.withValue(JourneyFlowID("b")) { sut.record(.logged, from: "x") }
        }

        #expect(collector.removeEntries(in: JourneyFlowID("a")).map(\.event.from) == ["x"])
        #expect(collector.events(in: JourneyFlowID("a")).isEmpty)
        #expect(collector.events(in: JourneyFlowID("b")).map(\.from) == ["x"])
    }

    @Test func metadataProviderNamesTheCurrentFlow() {
        let metadata = JourneyFlow.$current.withValue(JourneyFlowID("checkout")) {
            JourneyFlow.metadataProvider.get()
        }

        #expect(metadata[JourneyFlow.metadataKey] == "checkout")
        #expect(JourneyFlow.metadataProvider.get().isEmpty)
    }

    private func makeSUT(_ layer: JourneyLayer) -> (JourneyRecorder, JourneyCollector) {
        (JourneyRecorder(layer, logger: quietLogger), JourneyCollector())
    }
}

@Suite("Journey JSON and names")
struct JourneyEncodingTests {
    @Test func encodesTheDocumentedFieldsWithAnExplicitNullTarget() throws {
        let event = ErrorJourneyEvent(
            layer: .domain, module: "Domain", action: .omitted, from: "WalletRepositoryError.banned", to: nil,
            category: .unhandleable, waited: .seconds(1))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        let json = String(decoding: try encoder.encode(event), as: UTF8.self)

        #expect(
            json
                == #"{"action":"omitted","category":"unhandleable","from":"WalletRepositoryError.banned","layer":"domain","module":"Domain","origin":"data","to":null}"#
        )
    }

    @Test(arguments: JourneyLayer.allCases)
    func byDefaultAnErrorComesFromTheLayerBeneath(_ layer: JourneyLayer) {
        let event = ErrorJourneyEvent(layer: layer, module: "M", action: .mapped, from: "X")

        #expect(event.origin == JourneyOrigin.beneath(layer))
        #expect(event.origin.layer != layer, "never from itself unless a layer says so")
    }

    @Test func layerAndActionNamesAreExactlyTheDocumentedOnes() {
        #expect(
            JourneyLayer.allCases.map(\.rawValue)
                == ["networking", "vendor", "data", "domain", "presentation", "navigation", "app"])
        #expect(
            JourneyAction.allCases.map(\.rawValue) == [
                "mapped", "forwarded", "recovered", "retried", "ignored", "omitted", "presented", "routed", "logged",
                "reported", "queued",
            ])
    }

    @Test func describableErrorsNameTheirCase() {
        #expect(JourneyName.of(AppWideCondition.timedOut) == "AppWideCondition.timedOut")
    }

    @Test func otherErrorsAreNamedByTypeOnlySoPayloadsNeverLeak() {
        struct TokenRejected: Error { let token: String }

        let name = JourneyName.of(TokenRejected(token: "secret-token-value"))

        #expect(name == "TokenRejected")
    }
}

@Suite("A JourneyProbe reads its own test's journey", .journeyProbe)
struct JourneyProbeTests {
    @Test func readsWhatTheTestAndTheTasksItStartsRecord() async {
        let probe = JourneyProbe()
        let recorder = JourneyRecorder(.data, logger: probe.logger)

        await Task { recorder.record(.mapped, from: "child") }.value
        recorder.record(.mapped, from: "test")

        #expect(probe.events().map(\.from) == ["child", "test"])
    }

    @Test(arguments: ["first", "second", "third"])
    func eachTestCaseHasAJourneyOfItsOwn(_ name: String) {
        let probe = JourneyProbe()

        JourneyRecorder(.data, logger: probe.logger).record(.mapped, from: name)

        #expect(probe.events().map(\.from) == [name])
    }
}

@Suite("A JourneyProbe needs its trait")
struct JourneyProbeWithoutItsTraitTests {
    @Test func aProbeMadeWithoutTheTraitRecordsAnIssue() {
        withKnownIssue { _ = JourneyProbe() }
    }
}
