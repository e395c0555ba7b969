import Foundation
import Logging
import SharedError
import Testing

@Suite("Journey events travel through swift-log", .timeLimit(.minutes(3)))
struct JourneyRecordingTests {
    @Test(arguments: JourneyLayer.allCases, JourneyAction.allCases)
    func everyLayerAndActionIsCollected(layer: JourneyLayer, action: JourneyAction) {
        let (logger, collector) = makeSUT()
        let event = ErrorJourneyEvent(layer: layer, module: "Module", action: action, from: "A.a", to: "B.b")

        JourneyFlow.$current.withValue(JourneyFlowID("flow")) {
            logger.recordJourney(event)
        }

        #expect(collector.events(in: JourneyFlowID("flow")) == [event])
    }

    @Test func keepsTheWaitAndAMissingTarget() {
        let (logger, collector) = makeSUT()
        let event = ErrorJourneyEvent(
            layer: .networking, module: "Networking", action: .retried, from: "HTTP 429", to: nil,
            waited: .milliseconds(1_250))

        logger.recordJourney(event)

        #expect(collector.events(in: nil) == [event])
    }

    @Test(arguments: [Logger.Level.info, .warning, .error])
    func keepsTheLevelOfEachEvent(_ level: Logger.Level) {
        let (logger, collector) = makeSUT()

        logger.recordJourney(
            ErrorJourneyEvent(layer: .domain, module: "Domain", action: .omitted, from: "X"), level: level)

        #expect(collector.entries(in: nil).map(\.level) == [level])
    }

    @Test(arguments: [(Logger.Level.warning, Logger.Level.info), (.debug, .debug), (.critical, .info)])
    func aRecordingLoggerAsksForNothingBelowInfoUnlessItsOutputDoes(_ output: Logger.Level, _ expected: Logger.Level) {
        let logger = Logger.journeyRecording(label: "test", into: JourneyCollector()) { _ in
            var handler = StreamLogHandler.standardError(label: "test")
            handler.logLevel = output
            return handler
        }

        #expect(logger.logLevel == expected)
    }

    @Test func anEventRecordedBelowInfoIsRecordedAtInfo() {
        let (logger, collector) = makeSUT()

        logger.recordJourney(
            ErrorJourneyEvent(layer: .domain, module: "Domain", action: .omitted, from: "X"), level: .debug)

        #expect(collector.entries(in: nil).map(\.level) == [.info])
    }

    @Test func ignoresOrdinaryLogLines() {
        let (logger, collector) = makeSUT()

        logger.error("something happened", metadata: ["journey.layer": "data"])

        #expect(collector.events(in: nil).isEmpty)
    }

    @Test func recordsEventsBelowTheOutputLevel() {
        let collector = JourneyCollector()
        let logger = Logger.journeyRecording(label: "test", into: collector) { _ in
            var quiet = SwiftLogNoOpLogHandler()
            quiet.logLevel = .critical
            return quiet
        }

        logger.recordJourney(ErrorJourneyEvent(layer: .domain, module: "Domain", action: .omitted, from: "X"))

        #expect(collector.events(in: nil).count == 1)
    }

    @Test func concurrentFlowsNeverMix() async {
        let (logger, collector) = makeSUT()
        let flows = (0..<40).map { JourneyFlowID("flow-\($0)") }

        await withTaskGroup(of: Void.self) { group in
            for flow in flows {
                group.addTask {
                    await JourneyFlow.$current.withValue(flow) {
                        for step in 0..<50 {
                            logger.recordJourney(
                                ErrorJourneyEvent(layer: .data, module: "M", action: .mapped, from: "\(flow)#\(step)"))
                            await Task.yield()
                        }
                    }
                }
            }
        }

        for flow in flows {
            #expect(collector.events(in: flow).map(\.from) == (0..<50).map { "\(flow)#\($0)" })
        }
    }

    @Test func childTasksInheritTheFlow() async {
        let (logger, collector) = makeSUT()
        let flow = JourneyFlowID("parent")

        await JourneyFlow.$current.withValue(flow) {
            await Task {
                logger.recordJourney(ErrorJourneyEvent(layer: .networking, module: "N", action: .recovered, from: "x"))
            }.value
        }

        #expect(collector.events(in: flow).count == 1)
    }

    @Test func removingAFlowForgetsOnlyThatFlow() {
        let (logger, collector) = makeSUT()
        let event = ErrorJourneyEvent(layer: .app, module: "App", action: .logged, from: "x")
        JourneyFlow.$current.withValue(JourneyFlowID("a")) { logger.recordJourney(event) }
        JourneyFlow.$current.withValue(JourneyFlowID("b")) { logger.recordJourney(event) }

        #expect(collector.removeEntries(in: JourneyFlowID("a")).map(\.event) == [event])
        #expect(collector.events(in: JourneyFlowID("a")).isEmpty)
        #expect(collector.events(in: JourneyFlowID("b")) == [event])
    }

    @Test func metadataProviderNamesTheCurrentFlow() {
        let metadata = JourneyFlow.$current.withValue(JourneyFlowID("checkout")) {
            JourneyFlow.metadataProvider.get()
        }

        #expect(metadata[JourneyFlow.metadataKey] == "checkout")
        #expect(JourneyFlow.metadataProvider.get().isEmpty)
    }

    private func makeSUT() -> (Logger, JourneyCollector) {
        let collector = JourneyCollector()
        return (Logger.journeyRecording(label: "test", into: collector), collector)
    }
}

@Suite("Journey JSON and names")
struct JourneyEncodingTests {
    @Test func encodesTheDocumentedFieldsWithAnExplicitNullTarget() throws {
        let event = ErrorJourneyEvent(
            layer: .domain, module: "Domain", action: .omitted, from: "WalletRepositoryError.banned", to: nil,
            category: .unhandleableHere, waited: .seconds(1))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        let json = String(decoding: try encoder.encode(event), as: UTF8.self)

        #expect(
            json
                == #"{"action":"omitted","category":"unhandleableHere","from":"WalletRepositoryError.banned","layer":"domain","module":"Domain","origin":"data","to":null}"#
        )
    }

    @Test func aStepCarriesItsCategoryAndOriginThroughTheLogStream() {
        let collector = JourneyCollector()
        let logger = Logger.journeyRecording(label: "test", into: collector)
        let sent = ErrorJourneyEvent(
            layer: .networking, module: "Networking", action: .mapped, from: "URLError.timedOut",
            to: "HTTPClientError.timedOut", category: .unhandleableHere, origin: .transport)

        logger.recordJourney(sent)

        #expect(collector.events(in: nil) == [sent])
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
