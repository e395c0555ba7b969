import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// Reports are never lost: what cannot be delivered now waits in the outbox, goes out first on the next run, and
/// reaches the backend once.
@Suite("The report outbox", .timeLimit(.minutes(3)))
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
        let failing = HTTPClientSpy(results: [
            .failure(.init(kind: .server(status: 500), context: .init(request: .get("/"))))
        ])
        let first = makeSender(client: failing, outbox: outbox(file: file))
        first.submit(defects, endpoint: "/v1/payment-cards")
        await first.flush()
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

    private func outbox(file: URL? = nil) -> ReportOutbox {
        ReportOutbox(file: file, origin: origin("http://api.test.invalid:80"), logger: quietLogger)
    }

    private func makeSender(client: HTTPClientSpy, outbox: ReportOutbox, logger probe: JourneyProbe? = nil)
        -> ClientReportSender
    {
        ClientReportSender(
            client: client, configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9"),
            outbox: outbox, clock: VirtualClock(), logger: probe?.logger ?? quietLogger)
    }
}

/// A fresh folder path under the system's temporary directory, removed when the value goes away.
final class ScratchFolder: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-net-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: url)
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

/// Writes a file with mode 0600, as a private file would be.
enum PrivateFileFixture {
    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
