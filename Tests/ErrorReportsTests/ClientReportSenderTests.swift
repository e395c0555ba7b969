import Decoding
import ErrorReports
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@Suite("ClientReportSender", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ClientReportSenderTests {
    private let defects = DecodingReport(defects: [
        DecodingDefect(keyPath: "cards[1].expiryMonth", kind: .invalid, detail: "element dropped: not a month"),
        DecodingDefect(keyPath: "cards[2].brand", kind: .novel, detail: "value unknown to this app version"),
    ])

    @Test func postsTheDocumentedBodyWithKeyPathsAndKindsOnly() async throws {
        let (sut, spy, _) = makeSUT()

        sut.submit(defects, endpoint: "/v1/payment-cards")
        await sut.flush()

        let request = try #require(spy.requests.first)
        #expect(request.method == .post)
        #expect(request.url.path == "/v1/client-reports")
        #expect(request.headers["Idempotency-Key"] != nil, "a report may be retried safely")
        let body = try #require(request.body)
        let sent = try JSONDecoder().decode(ClientReport.self, from: body)
        #expect(sent.endpoint == "/v1/payment-cards")
        #expect(sent.appVersion == "9.9.9")
        #expect(sent.failures.map(\.keyPath) == ["cards[1].expiryMonth", "cards[2].brand"])
        #expect(sent.failures.map(\.kind) == [.invalid, .novel])
        let json = try #require(JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(Set(json.keys) == ["endpoint", "failures", "appVersion"])
    }

    @Test func submittingNeverWaitsForDelivery() async {
        let gate = AsyncGate()
        let spy = HTTPClientSpy { _, _ in
            await gate.wait()
            return .json(202, "{}")
        }
        let sut = ClientReportSender(
            client: spy, configuration: configuration, clock: VirtualClock(), logger: quietLogger)

        for index in 0..<10 {
            sut.submit(
                DecodingReport(defects: [.init(keyPath: "k\(index)", kind: .missing, detail: "")]), endpoint: "/x")
        }

        // Here, past every submit, with the first delivery still held at the gate: the caller went on while a
        // delivery waited (a submit that waited for delivery would never get here; the gate's watchdog fails it).
        await eventually("the first delivery to be held") { await gate.waitingCount == 1 }
        #expect(spy.requests.count == 1, "one delivery at a time, the rest queued")
        await gate.open()
        await sut.flush()
        #expect(spy.requests.count == 10)
    }

    @Test func sendsEachEndpointKeyPathAndKindOncePerWindow() async {
        let clock = VirtualClock()
        let (sut, spy, _) = makeSUT(clock: clock)

        sut.submit(defects, endpoint: "/v1/payment-cards")
        sut.submit(defects, endpoint: "/v1/payment-cards")
        sut.submit(defects, endpoint: "/v1/me")
        await sut.flush()
        clock.advance(by: .seconds(601))
        sut.submit(defects, endpoint: "/v1/payment-cards")
        await sut.flush()

        #expect(spy.requests.count == 3)
        #expect(await sut.deliveredReports().map(\.endpoint) == ["/v1/payment-cards", "/v1/me", "/v1/payment-cards"])
    }

    @Test func onlyTheEntriesOutsideTheWindowAreSent() async throws {
        let (sut, spy, _) = makeSUT()
        let first = DecodingReport(defects: [defects.defects[0]])

        sut.submit(first, endpoint: "/v1/payment-cards")
        sut.submit(defects, endpoint: "/v1/payment-cards")
        await sut.flush()

        let second = try JSONDecoder().decode(ClientReport.self, from: try #require(spy.requests.last?.body))
        #expect(second.failures.map(\.keyPath) == ["cards[2].brand"])
    }

    @Test func aReportTheBackendRefusesOutrightIsLoggedAndDropped() async {
        let capture = LogCapture()
        let spy = HTTPClientSpy(results: [
            .failure(HTTPClientError(kind: .notFound, context: .init(request: .get("/"))))
        ])
        let sut = ClientReportSender(
            client: spy, configuration: configuration, clock: VirtualClock(), logger: capture.logger())

        sut.submit(defects, endpoint: "/v1/payment-cards")
        await sut.flush()

        #expect(await sut.deliveredReports().isEmpty)
        #expect(await sut.pendingReports().pending.isEmpty)
        #expect(capture.lines.contains { $0.contains("refused by the backend: HTTPClientError.notFound") })
    }

    @Test func aCleanReportSendsNothing() async {
        let (sut, spy, probe) = makeSUT()

        sut.submit(DecodingReport(), endpoint: "/v1/me")
        await sut.flush()

        #expect(spy.requests.isEmpty)
        #expect(probe.events().isEmpty)
    }

    @Test func recordsOneReportedStepPerDefectInTheSubmittersFlow() async {
        let (sut, _, probe) = makeSUT()
        let flow = JourneyFlowID("cards-partly-invalid")

        JourneyFlow.$current.withValue(flow) { sut.submit(defects, endpoint: "/v1/payment-cards") }
        await sut.flush()

        #expect(
            probe.events(in: flow).map(\.from) == ["cards[1].expiryMonth invalid", "cards[2].brand novel"])
        #expect(probe.actions(in: flow) == [.reported, .reported])
    }

    private var configuration: ClientReportSender.Configuration {
        .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9.9.9")
    }

    private func makeSUT(clock: VirtualClock = VirtualClock()) -> (ClientReportSender, HTTPClientSpy, JourneyProbe) {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let probe = JourneyProbe()
        return (
            ClientReportSender(client: spy, configuration: configuration, clock: clock, logger: probe.logger), spy,
            probe
        )
    }
}
