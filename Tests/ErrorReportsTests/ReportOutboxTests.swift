import Decoding
import ErrorReports
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// Reports are never lost: what cannot be delivered now waits in the outbox, goes out first on the next run, and
/// reaches the backend once.
@Suite("The report outbox", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ReportOutboxTests {
    private let defects = DecodingReport(defects: [
        DecodingDefect(keyPath: "cards[1].brand", kind: .novel, detail: "value unknown to this app version")
    ])

    @Test(arguments: [
        HTTPClientError.Kind.server(status: 500), .server(status: 503), .tooManyRequests, .offline, .timedOut,
        .connectionLost,
    ])
    func anUndeliverableReportIsQueuedAndTheJourneySaysSo(_ failure: HTTPClientError.Kind) async {
        let spy = HTTPClientSpy { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: failure, context: .init(request: request))
        }
        let probe = JourneyProbe()
        let sut = makeSender(client: spy, outbox: outbox(), logger: probe)
        let flow = JourneyFlowID("queued")

        JourneyFlow.$current.withValue(flow) { sut.submit(defects, endpoint: "/v1/payment-cards") }
        await sut.flush()

        #expect(await sut.deliveredReports().isEmpty)
        #expect(await sut.pendingReports().pending.map(\.endpoint) == ["/v1/payment-cards"])
        #expect(probe.actions(in: flow) == [.reported, .queued])
        #expect(probe.events(in: flow).last?.from == "HTTPClientError.\(failure.name)")
    }

    @Test func theNextRunSendsWhatWaitsFirstOnceUnderTheSameKeyAndDropsTheDuplicate() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let failing = await queueOneAfterA500(in: file)
        let queuedKey = try #require(failing.requests.first?.headers[HeaderName.idempotencyKey])

        let working = HTTPClientSpy(answering: .json(202, "{}"))
        let second = makeSender(client: working, outbox: outbox(file: file))
        second.submit(defects, endpoint: "/v1/payment-cards")
        await second.flush()

        #expect(working.requests.count == 1, "the waiting report went out; the same defects again were deduplicated")
        #expect(working.requests.first?.headers[HeaderName.idempotencyKey] == queuedKey, "the same key every time")
        #expect(await second.pendingReports().pending.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path), "an empty outbox leaves no file")
    }

    @Test func withReportsOffNothingLeavesAndWhatWaitsAndWhatIsNewStayForARunWithReportsOn() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        _ = await queueOneAfterA500(in: file)

        let recording = HTTPClientSpy(answering: .json(202, "{}"))
        let off = makeSender(client: recording, outbox: outbox(file: file), reportsOff: true)
        off.submit(defects, endpoint: "/v1/wallet")
        await off.flush()
        let on = HTTPClientSpy(answering: .json(202, "{}"))
        let later = makeSender(client: on, outbox: outbox(file: file))
        await later.flush()

        #expect(recording.requests.isEmpty, "nothing left the machine while reports were off")
        #expect(on.requests.count == 2, "the run with reports on sent both, the old one and the one kept while off")
    }

    @Test func theFileIsPrivateAndOnlyItsOwnOriginsReportsAreSentThere() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/outbox.json")
        let report = ClientReport(endpoint: "/v1/me", failures: defects.defects, appVersion: "1")
        await ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger).keep(
            report, id: "for-a")

        let other = ReportOutbox(file: file, origin: origin("http://b.test:80"), logger: quietLogger)

        #expect(await other.snapshot.pending.isEmpty)
        let mine = ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger)
        #expect(await mine.snapshot.entries.map(\.id) == ["for-a"])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func keepingTheSameReportTwiceKeepsItOnce() async {
        let sut = ReportOutbox(file: nil, origin: origin("http://a.test:80"), logger: quietLogger)
        let report = ClientReport(endpoint: "/v1/me", failures: defects.defects, appVersion: "1")

        await sut.keep(report, id: "same")
        await sut.keep(report, id: "same")
        await sut.keep(report, id: "other")

        #expect(await sut.snapshot.entries.map(\.id) == ["same", "other"])
    }

    @Test func isBoundedAndCountsWhatItDropped() async {
        let sut = ReportOutbox(file: nil, origin: origin("http://a.test:80"), limit: 2, logger: quietLogger)
        for index in 0..<5 {
            await sut.keep(
                ClientReport(endpoint: "/v\(index)", failures: defects.defects, appVersion: "1"), id: "id-\(index)")
        }

        let snapshot = await sut.snapshot

        #expect(snapshot.entries.map(\.id) == ["id-3", "id-4"], "the newest stay")
        #expect(snapshot.dropped == 3)
    }

    // MARK: - Bounded across every backend, whatever the file holds

    /// Promise: the outbox is bounded in reports and bytes across all backends; the oldest give way first, each
    /// counted as not sent for its own backend. Roads: a bound per backend (another backend's reports fill the
    /// file), a bound on reports alone (a few huge reports), a report larger than the whole bound, a file an earlier
    /// version wrote over the bound, counts that trap.
    @Test func isBoundedInReportsAcrossEveryBackendAndCountsTheDroppedForTheirOwn() async {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let forA = ReportOutbox(file: file, origin: origin("http://a.test:80"), limit: 3, logger: quietLogger)
        let forB = ReportOutbox(file: file, origin: origin("http://b.test:80"), limit: 3, logger: quietLogger)

        await forA.keep(clientReport("/a1"), id: "a1")
        await forA.keep(clientReport("/a2"), id: "a2")
        await forB.keep(clientReport("/b1"), id: "b1")
        await forB.keep(clientReport("/b2"), id: "b2")

        let a = await forA.snapshot
        let b = await forB.snapshot
        #expect(a.entries.map(\.id) == ["a2"])
        #expect(b.entries.map(\.id) == ["b1", "b2"])
        #expect(a.dropped == 1 && a.unsent == UnsentReports(queueFull: 1), "counted for the backend it was meant for")
        #expect(b.dropped == 0)
    }

    @Test func isBoundedInBytesAcrossEveryBackend() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let byteLimit = 3_500
        let forA = ReportOutbox(
            file: file, origin: origin("http://a.test:80"), byteLimit: byteLimit, logger: quietLogger)
        let forB = ReportOutbox(
            file: file, origin: origin("http://b.test:80"), byteLimit: byteLimit, logger: quietLogger)

        // Each report is about 960 bytes of JSON: three fit in 3,500, four do not.
        for index in 0..<6 {
            let outbox = index.isMultiple(of: 2) ? forA : forB
            await outbox.keep(clientReport("/" + String(repeating: "x", count: 250), defects: 10), id: "r\(index)")
        }

        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require(content["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["id"] as? String } == ["r3", "r4", "r5"], "the oldest gave way")
        let bytes = try entries.map { try JSONSerialization.data(withJSONObject: $0).count }
        #expect(bytes.allSatisfy { (900..<1_100).contains($0) }, "\(bytes)")
        let droppedForA = await forA.snapshot.dropped
        let droppedForB = await forB.snapshot.dropped
        #expect(droppedForA == 2 && droppedForB == 1)
    }

    @Test func aReportLargerThanTheWholeBoundIsNotKeptAndIsCounted() async {
        let sut = ReportOutbox(file: nil, origin: origin("http://a.test:80"), byteLimit: 100, logger: quietLogger)

        await sut.keep(clientReport("/" + String(repeating: "x", count: 200)), id: "huge")

        let snapshot = await sut.snapshot
        #expect(snapshot.entries.isEmpty)
        #expect(snapshot.unsent == UnsentReports(queueFull: 1))
    }

    @Test func countsNearIntMaxInTheFileNeitherTrapNorPassTheBound() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try PrivateFileFixture.write(
            #"""
            {"format":"errorflow-report-outbox/2","dropped":{"http://a.test:80":9223372036854775807},
             "unsent":{"http://a.test:80":{"queueFull":9223372036854775807,"rateLimited":9223372036854775806,"refused":-9223372036854775808}},
             "entries":[{"origin":"http://a.test:80","id":"old","report":{"endpoint":"/v1/me","failures":[],"appVersion":"1","omittedFailures":9223372036854775807}}]}
            """#, to: file)
        let sut = ReportOutbox(file: file, origin: origin("http://a.test:80"), limit: 1, logger: quietLogger)

        await sut.keep(clientReport("/new"), id: "new")
        await sut.countUnsent(UnsentReports(queueFull: 1, rateLimited: 1, refused: 1))
        await sut.settleUnsent(UnsentReports(refused: 5))

        let snapshot = await sut.snapshot
        #expect(snapshot.entries.map(\.id) == ["new"], "the old one gave way to the bound")
        #expect(snapshot.dropped == ReportCount.maximum)
        #expect(snapshot.unsent == UnsentReports(queueFull: ReportCount.maximum, rateLimited: ReportCount.maximum))
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("9223372036854775"), "the file holds the clamped counts: \(written)")
    }

    @Test(arguments: [("9223372036854775807", ReportCount.maximum), ("-9223372036854775808", 0)])
    func aDroppedCountReadFromTheFileIsClamped(_ written: String, _ read: Int) async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try PrivateFileFixture.write(
            #"{"format":"errorflow-report-outbox/2","dropped":{"http://a.test:80":\#(written)},"entries":[{"origin":"http://a.test:80","id":"old","report":{"endpoint":"/v1/me","failures":[],"appVersion":"1"}}]}"#,
            to: file)

        let snapshot = await ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger).snapshot

        #expect(snapshot.dropped == read)
    }

    @Test func aReportWrittenOverTheBoundsIsCutWhenRead() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let failures = (0..<500).map { #"{"keyPath":"cards[\#($0)]","kind":"invalid","detail":"x"}"# }
        try PrivateFileFixture.write(
            #"{"format":"errorflow-report-outbox/2","dropped":{},"entries":[{"origin":"http://a.test:80","id":"old","report":{"endpoint":"/v1/me","appVersion":"1","failures":["#
                + failures.joined(separator: ",") + "]}}]}", to: file)

        let pending = await ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger)
            .snapshot.pending

        #expect(pending.first?.failures.count == 20)
        #expect(pending.first?.omittedFailures == 480)
    }

    @Test func aFileLargerThanItReadsIsMovedAsideAndKept() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let sut = ReportOutbox(file: file, origin: origin("http://a.test:80"), byteLimit: 1_000, logger: quietLogger)
        let padding = String(repeating: " ", count: sut.fileLimit)
        try PrivateFileFixture.write(
            #"{"format":"errorflow-report-outbox/2","entries":[],"dropped":{}}"# + padding, to: file)

        await sut.keep(clientReport("/new"), id: "new")

        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("outbox.json.unreadable-")
        }
        #expect(aside.count == 1)
        #expect(await sut.snapshot.entries.map(\.id) == ["new"])
    }

    @Test func theCountsOfBackendsWithNothingWaitingAreForgottenPastTheBound() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let unsent = (0..<150).map { #""http://b\#($0).test:80":{"queueFull":1,"rateLimited":0,"refused":0}"# }
        try PrivateFileFixture.write(
            #"{"format":"errorflow-report-outbox/2","entries":[],"dropped":{},"unsent":{"#
                + unsent.joined(separator: ",") + "}}", to: file)
        let sut = ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger)

        await sut.countUnsent(UnsentReports(refused: 1))

        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let kept = try #require(content["unsent"] as? [String: Any])
        #expect(kept.count == ReportOutbox.originLimit + 1, "the bound, and this backend's own")
        #expect(kept["http://a.test:80"] != nil)
    }

    /// Promise: a decision never brings back what another run removed. Two outboxes over one file, as two runs
    /// have: what one removed (it delivered it) stays removed whatever the other does next.
    @Test func aReportAnotherRunRemovedIsNeverBroughtBack() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let first = ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger)
        let second = ReportOutbox(file: file, origin: origin("http://a.test:80"), logger: quietLogger)
        await first.keep(clientReport("/v1/me"), id: "delivered")
        #expect(await second.snapshot.entries.map(\.id) == ["delivered"])

        await first.remove(id: "delivered")
        await second.keep(clientReport("/v1/wallet"), id: "new")
        await second.countUnsent(UnsentReports(refused: 1))
        await second.setNotBefore(nil)

        #expect(await second.contains(id: "delivered") == false)
        #expect(await first.snapshot.entries.map(\.id) == ["new"])
    }

    @Test(arguments: [
        OutboxProblem.foreignFormat, .corrupt, .readableByOthers,
    ])
    func anOutboxTheAppCannotUseIsMovedAsideWithItsReportsNeverOverwritten(_ problem: OutboxProblem) async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("outbox.json")
        try PrivateFileFixture.write(problem.content, to: file)
        try FileManager.default.setAttributes([.posixPermissions: problem.mode], ofItemAtPath: file.path)
        let capture = LogCapture()
        let sut = ReportOutbox(file: file, origin: origin("http://a.test"), logger: capture.logger())

        await sut.keep(ClientReport(endpoint: "/v1/me", failures: defects.defects, appVersion: "1"), id: "new")

        let aside = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
                $0.hasPrefix("outbox.json.unreadable-")
            })
        let asideURL = folder.url.appendingPathComponent(aside)
        #expect(try String(contentsOf: asideURL, encoding: .utf8) == problem.content, "what it held is kept whole")
        let mode = try FileManager.default.attributesOfItem(atPath: asideURL.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(capture.lines.filter { $0.contains("moved it to \(asideURL.path)") }.count == 1, "one line says where")
        #expect(await sut.snapshot.entries.map(\.id) == ["new"], "the outbox starts anew beside it")
    }

    /// Two outboxes over one file, as two processes have: each keeps its report, and neither writes the other's
    /// away.
    @Test func twoWritersKeepEveryReport() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/outbox.json")
        let first = ReportOutbox(file: file, origin: origin("http://a.test"), logger: quietLogger)
        let second = ReportOutbox(file: file, origin: origin("http://a.test"), logger: quietLogger)
        _ = await first.snapshot
        _ = await second.snapshot

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                let outbox = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    await outbox.keep(
                        ClientReport(endpoint: "/v1/me", failures: self.defects.defects, appVersion: "1"),
                        id: "r-\(index)")
                }
            }
        }

        #expect(Set(await first.snapshot.entries.map(\.id)) == Set((0..<20).map { "r-\($0)" }))
    }

    @Test(arguments: [
        ("http://Example.test/x", "http://example.test:80"), ("https://a.test:8443", "https://a.test:8443"),
        ("http://[::1]:9/", "http://[::1]:9"),
    ])
    func keysReportsByOrigin(_ url: String, _ origin: String) throws {
        #expect(BackendOrigin(try #require(URL(string: url))).value == origin)
    }

    private func origin(_ text: String) -> BackendOrigin {
        BackendOrigin(URL(string: text) ?? URL(fileURLWithPath: "/"))
    }

    private func clientReport(_ endpoint: String, defects count: Int = 1) -> ClientReport {
        let failures = (0..<count).map { DecodingDefect(keyPath: "cards[\($0)].brand", kind: .novel, detail: "novel") }
        return ClientReport(endpoint: endpoint, failures: failures, appVersion: "1")
    }

    private func outbox(file: URL? = nil) -> ReportOutbox {
        ReportOutbox(file: file, origin: origin("http://api.test.invalid:80"), logger: quietLogger)
    }

    /// A run whose one report the backend answered with 500: the report waits in the outbox at `file`. Returns the
    /// client it went to.
    private func queueOneAfterA500(in file: URL) async -> HTTPClientSpy {
        let failing = HTTPClientSpy(results: [
            .failure(.init(kind: .server(status: 500), context: .init(request: .get("/"))))
        ])
        let first = makeSender(client: failing, outbox: outbox(file: file))
        first.submit(defects, endpoint: "/v1/payment-cards")
        await first.flush()
        return failing
    }

    private func makeSender(
        client: HTTPClientSpy, outbox: ReportOutbox, logger probe: JourneyProbe? = nil, reportsOff: Bool = false
    ) -> ClientReportSender {
        var configuration = ClientReportSender.Configuration(
            endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9")
        configuration.reportsOff = reportsOff
        return ClientReportSender(
            client: client, configuration: configuration, outbox: outbox, clock: VirtualClock(),
            logger: probe?.logger ?? quietLogger)
    }
}

/// A report outbox the app cannot use.
enum OutboxProblem: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case foreignFormat, corrupt, readableByOthers

    var content: String {
        switch self {
        case .foreignFormat: #"{"not":"an outbox"}"#
        case .corrupt: #"{"format":"errorflow-report-outbox/1","entries":["#
        case .readableByOthers:
            #"{"dropped":{},"entries":[{"id":"old","origin":"http://a.test:80","report":{"appVersion":"1","endpoint":"/v1/me","failures":[]}}],"format":"errorflow-report-outbox/1"}"#
        }
    }

    var mode: Int { self == .readableByOthers ? 0o644 : 0o600 }

    var testDescription: String { rawValue }
}
