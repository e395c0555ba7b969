import ErrorReports
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// Error reports go out like client reports (the outbox, one key per report, in the background) and respect the
/// backend: a `Retry-After` holds every report back, across runs; resends are paced; what is not sent is counted
/// and told with the next delivery; a backend that does not know them drops them with one log line.
@Suite("Error reports and the backend", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ErrorReportSenderTests {
    @Test func postsTheDocumentedBodyToTheErrorReportsPath() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(spy)

        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        let request = try #require(spy.requests.first)
        #expect(request.method == .post)
        #expect(request.url.path == "/v1/error-reports")
        #expect(request.headers[HeaderName.idempotencyKey] != nil)
        let json = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "reference", "fingerprint", "breadcrumbs", "requestID", "traceID", "environment", "appVersion",
                "locale", "platform",
            ])
        #expect(json["reference"] as? String == "7F3K-9Q2M")
        let fingerprint = try #require(json["fingerprint"] as? [String: String])
        #expect(fingerprint == ["type": "TransferError", "case": "unknown", "layer": "networking", "serverCode": "x"])
        #expect(await sut.deliveredErrorReports().map(\.fingerprint.value) == ["TransferError.unknown/networking/x"])
    }

    @Test func theSameErrorIsSentOncePerWindowAndTheRestAreToldAsRateLimited() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(spy)

        for _ in 0..<3 { sut.submit(report("ProfileRepositoryError", "unavailable")) }
        sut.submit(report("WalletPageError", "unknown"))
        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        #expect(spy.requests.count == 3)
        #expect(try sent(spy.requests[0]).unsent == nil)
        #expect(try sent(spy.requests[1]).unsent == UnsentReports(rateLimited: 2))
        #expect(try sent(spy.requests[2]).unsent == nil, "told once, then counted anew")
    }

    @Test func aReportWhoseReferenceTheUserWasShownIsSentWithinTheWindowToo() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(spy)

        for _ in 0..<2 { sut.submit(report("TransferError", "unknown"), shownToTheUser: true) }
        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        #expect(spy.requests.count == 2)
        #expect(try sent(spy.requests[1]).unsent == nil)
    }

    @Test func aBackendThatDoesNotKnowErrorReportsDropsThemWithOneLogLine() async throws {
        let spy = HTTPClientSpy(answering: .contractError(404, "not_found"))
        let capture = LogCapture()
        let sut = makeSender(spy, logger: capture.logger())

        sut.submit(report("ProfileRepositoryError", "unavailable"))
        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        #expect(spy.requests.count == 2)
        let lines = capture.lines.filter { $0.hasPrefix("notice") || $0.hasPrefix("warning") }
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.first?.contains("error report for ProfileRepositoryError.unavailable/networking/x refused") == true)
        let pending = await sut.pendingReports()
        #expect(pending.entries.isEmpty)
        #expect(pending.unsent == UnsentReports(refused: 2))
    }

    @Test(arguments: [429, 503])
    func aRetryAfterHoldsEveryReportBackUntilThenInLaterRunsToo(_ status: Int) async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let clock = VirtualClock()
        let busy = HTTPClientSpy(answering: .contractError(status, "busy", headers: ["Retry-After": "120"]))
        let first = makeSender(busy, outbox: outbox(file), clock: clock)

        first.submit(report("ProfileRepositoryError", "unavailable"))
        first.submit(report("TransferError", "unknown"))
        await first.flush()

        #expect(busy.requests.count == 1, "the second report waits for the time the backend asked for")
        let snapshot = await first.pendingReports()
        #expect(snapshot.pendingErrorReports.count == 2)
        #expect(snapshot.notBefore == clock.wallClockNow.addingTimeInterval(120))

        clock.advance(by: .seconds(60))
        let working = HTTPClientSpy(answering: .json(202, "{}"))
        let second = makeSender(working, outbox: outbox(file), clock: clock)
        await second.flush()
        #expect(working.requests.isEmpty, "the next run is still too early")

        clock.advance(by: .seconds(61))
        let third = makeSender(working, outbox: outbox(file), clock: clock)
        await third.flush()
        #expect(working.requests.count == 2, "after the time, both go out")
        #expect(await third.pendingReports().notBefore == nil)
    }

    @Test func aReportKeepsItsReferenceInEveryResendFromTheOutboxInLaterRuns() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let failing = HTTPClientSpy(answering: .contractError(500, "internal"))
        var made = report("TransferError", "unknown")
        made.reference = ErrorReference("Q9ZD-1HMV")
        let first = makeSender(failing, outbox: outbox(file))
        first.submit(made)
        await first.flush()

        let stillFailing = makeSender(failing, outbox: outbox(file))
        await stillFailing.flush()
        let working = HTTPClientSpy(answering: .json(202, "{}"))
        let last = makeSender(working, outbox: outbox(file))
        await last.flush()

        let sends = (failing.requests + working.requests).filter { $0.url.path == "/v1/error-reports" }
        #expect(failing.requests.count >= 2, "sent in the first run and again in the second")
        #expect(working.requests.count == 1)
        let references = try sends.map { request in
            try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])["reference"]
                as? String
        }
        #expect(references == Array(repeating: "Q9ZD-1HMV", count: sends.count))
        #expect(await last.pendingReports().entries.isEmpty)
    }

    @Test func aRetryAfterDateIsReadOnTheBackendsClock() async throws {
        let clock = VirtualClock()
        let backendNow = clock.wallClockNow.addingTimeInterval(3_600)
        let headers: HTTPHeaders = [
            "Retry-After": httpDate(backendNow.addingTimeInterval(30)), "Date": httpDate(backendNow),
        ]
        let sut = makeSender(HTTPClientSpy(answering: .contractError(429, "slow_down", headers: headers)), clock: clock)

        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        #expect(await sut.pendingReports().notBefore == clock.wallClockNow.addingTimeInterval(30))
    }

    @Test func resendsArePacedAndBoundedPerRun() async throws {
        let clock = VirtualClock()
        let box = outbox(nil)
        for index in 0..<12 { await box.keep(.error(report("E\(index)", "a")), id: "id-\(index)") }
        let spy = HTTPClientSpy(answering: .json(202, "{}"))

        let sut = makeSender(spy, outbox: box, clock: clock)
        await sut.flush()

        #expect(spy.requests.count == 10)
        #expect(clock.recordedSleeps == Array(repeating: .milliseconds(50), count: 9))
        #expect(await box.snapshot.entries.map(\.id) == ["id-10", "id-11"])
    }

    @Test func reportsGivenUpForAFullOutboxAreToldWithTheNextDelivery() async throws {
        let box = ReportOutbox(file: nil, origin: origin, limit: 1, logger: quietLogger)
        let failing = makeSender(HTTPClientSpy(answering: .contractError(500, "internal")), outbox: box)
        failing.submit(report("A", "a"))
        failing.submit(report("B", "b"))
        await failing.flush()
        #expect(await box.snapshot.unsent == UnsentReports(queueFull: 1))

        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let working = makeSender(spy, outbox: box)
        await working.flush()

        #expect(try sent(try #require(spy.requests.first)).unsent == UnsentReports(queueFull: 1))
        #expect(await box.snapshot.unsent.isEmpty)
    }

    @Test func theReportIsSentInTheTraceThatMadeIt() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(
            spy,
            client: TraceContextHTTPClient(
                decoratee: StatusCodeMappingHTTPClient(
                    decoratee: spy, logger: quietLogger)))

        let trace = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
            sut.submit(report("TransferError", "unknown"))
            return ScreenTrace.currentID
        }
        await sut.flush()

        #expect(try #require(spy.requests.first).traceID == trace)
    }

    @Test func anOutboxOfTheFirstFormatIsReadAndWrittenInTheSecond() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try PrivateFileFixture.write(
            #"{"dropped":{},"entries":[{"id":"old","origin":"http://api.test.invalid:80","report":{"appVersion":"1","endpoint":"/v1/me","failures":[]}}],"format":"errorflow-report-outbox/1"}"#,
            to: file)
        let sut = makeSender(HTTPClientSpy(answering: .contractError(500, "internal")), outbox: outbox(file))

        sut.submit(report("TransferError", "unknown"))
        await sut.flush()

        let snapshot = await sut.pendingReports()
        #expect(snapshot.entries.map(\.id).first == "old", "the earlier run's report is kept, first")
        #expect(snapshot.pending.map(\.endpoint) == ["/v1/me"])
        #expect(snapshot.pendingErrorReports.map(\.fingerprint.type) == ["TransferError"])
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(written["format"] as? String == "errorflow-report-outbox/2")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!aside.contains { $0.contains("unreadable") }, "nothing was moved aside")
    }

    // MARK: - Helpers

    private let origin = BackendOrigin(TestURL.make(""))

    private func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    private func report(_ type: String, _ caseName: String) -> ErrorReport {
        ErrorReport(
            reference: .sample,
            fingerprint: ErrorFingerprint(type: type, caseName: caseName, layer: "networking", serverCode: "x"),
            breadcrumbs: [
                Breadcrumb(layer: .navigation, action: .presented, category: .default, from: type, to: "alert: x")
            ], requestID: "req-1", traceID: "4bf92f3577b34da6a3ce929d0e0e4736", environment: "prod",
            appVersion: "9", locale: "en")
    }

    private func sent(_ request: HTTPRequest) throws -> ErrorReport {
        try JSONDecoder().decode(ErrorReport.self, from: request.body ?? Data())
    }

    private func outbox(_ file: URL?) -> ReportOutbox {
        ReportOutbox(file: file, origin: origin, logger: quietLogger)
    }

    private func makeSender(
        _ spy: HTTPClientSpy, client: (any HTTPClient)? = nil, outbox: ReportOutbox? = nil,
        clock: VirtualClock = VirtualClock(), logger: Logger = quietLogger
    ) -> ClientReportSender {
        ClientReportSender(
            client: client ?? StatusCodeMappingHTTPClient(decoratee: spy, logger: quietLogger),
            configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9"),
            outbox: outbox ?? self.outbox(nil), clock: clock, logger: logger)
    }
}
