import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// Keyed writes are journalled before they are sent and stay until their outcome is known, so the same write sent
/// again (in this process or another) carries the same key.
@Suite("The pending-writes journal", .timeLimit(.minutes(3)))
struct PendingWritesTests {
    @Test func theSameWriteSentAgainByAnotherProcessReusesItsKey() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/pending-writes.json")
        let first = makeJournal(file)
        _ = await first.begin(transfer(amount: "7.25"), proposing: "key-first")
        await first.markUnknown(key: "key-first")

        let second = makeJournal(file)
        let (key, earlier) = await second.begin(transfer(amount: "7.25"), proposing: "key-second")

        #expect(key == "key-first")
        #expect(earlier?.state == .unknown)
        let other = await second.begin(transfer(amount: "7.26"), proposing: "key-other")
        #expect(other.key == "key-other", "another write gets its own key")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func theBodyIsComparedCanonicallyWhateverTheKeyOrder() async {
        let sut = makeJournal(nil)
        let one = HTTPRequest(
            method: .post, url: TestURL.make("/v1/transfers"), body: Data(#"{"amount":"1","to":"a"}"#.utf8))
        let other = HTTPRequest(
            method: .post, url: TestURL.make("/v1/transfers"), body: Data(#"{ "to": "a", "amount": "1" }"#.utf8))

        _ = await sut.begin(one, proposing: "k1")

        #expect(await sut.begin(other, proposing: "k2").key == "k1")
    }

    @Test func anEntryExpiresWithTheBackendsKeyLifetime() async {
        let clock = WallClock()
        let sut = PendingWrites(
            file: nil, origin: BackendOrigin(TestURL.make("/")), lifetime: .seconds(86_400), now: clock.read,
            logger: quietLogger)
        _ = await sut.begin(transfer(amount: "1.00"), proposing: "old-key")

        clock.advance(by: 86_401)

        #expect(await sut.entries.isEmpty)
        #expect(await sut.begin(transfer(amount: "1.00"), proposing: "new-key").key == "new-key")
    }

    @Test func itIsBoundedOldestFirst() async {
        let sut = PendingWrites(file: nil, origin: BackendOrigin(TestURL.make("/")), limit: 2, logger: quietLogger)
        for index in 1...3 { _ = await sut.begin(transfer(amount: "\(index).00"), proposing: "key-\(index)") }

        #expect(await sut.entries.map(\.idempotencyKey) == ["key-2", "key-3"])
    }

    @Test func aJournalFileTheAppCannotReadIsMovedAsideNotOverwritten() async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("pending-writes.json")
        try PrivateFileFixture.write(#"{"format":"someone-else/9"}"#, to: file)
        let capture = LogCapture()

        _ = await PendingWrites(file: file, origin: BackendOrigin(TestURL.make("/")), logger: capture.logger()).begin(
            transfer(amount: "1.00"), proposing: "k")

        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("pending-writes.json.unreadable-")
        }
        #expect(aside.count == 1)
        #expect(capture.lines.contains { $0.contains("moved it to") })
    }

    // MARK: - The decorator

    @Test(arguments: [
        (HTTPClientError.Kind.connectionLost, true), (.timedOut, true), (.server(status: 503), true),
        (.cancelled, true), (.offline, false), (.unexpectedStatus(422), false), (.conflict, false),
    ])
    func aFailedWriteStaysOnlyWhileItMayHaveBeenMade(_ kind: HTTPClientError.Kind, _ stays: Bool) async {
        let journal = makeJournal(nil)
        let sut = JournalingHTTPClient(
            decoratee: HTTPClientSpy { request, _ throws(HTTPClientError) in
                throw HTTPClientError(kind: kind, context: .init(request: request))
            }, journal: journal, logger: quietLogger)

        _ = await sut.outcome(of: keyed(transfer(amount: "1.00"), "k"))

        #expect(await journal.entries.map(\.idempotencyKey) == (stays ? ["k"] : []))
    }

    @Test func anAnswerReadAndUnderstoodSettlesTheWriteAndTheNextSendDrawsItsOwnKey() async {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(201, "{}"))
        let sut = JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger)

        let answer = await sut.outcome(of: keyed(transfer(amount: "1.00"), "first")).value
        #expect(await journal.entries.map(\.idempotencyKey) == ["first"], "made, but not read yet")
        await answer?.journalled?.settle()
        _ = await sut.outcome(of: keyed(transfer(amount: "1.00"), "second"))

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "second"])
    }

    /// A receipt that does not decode leaves the user as unsure as no answer: the write stays journalled, and
    /// sending it again asks the backend under the same key.
    @Test func aWriteWhoseReceiptCannotBeReadStaysJournalled() async {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(201, #"{"id": 7}"#))
        let call = RemoteCall<TestRepositoryError>(
            client: JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger),
            reporter: ClientReportingSpy(), logger: quietLogger)

        for key in ["first", "second"] {
            _ = try? await call.perform(keyed(transfer(amount: "1.00"), key), endpoint: "/v1/transfers") {
                (_: Data) throws(DecodingFailure) -> Decoded<String> in
                throw DecodingFailure(keyPath: "id", kind: .invalid, detail: "not a string")
            }
        }

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "first"])
        #expect(await journal.entries.map(\.state) == [.unknown])
    }

    @Test func aWriteWhoseOutcomeIsUnknownIsSentAgainUnderItsKeyAndTheJourneySaysSo() async {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(results: [
            .failure(HTTPClientError(kind: .timedOut, context: .init(request: .get("/")))), .success(.json(201, "{}")),
        ])
        let probe = JourneyProbe()
        let sut = JournalingHTTPClient(decoratee: spy, journal: journal, logger: probe.logger)

        _ = await sut.outcome(of: keyed(transfer(amount: "1.00"), "first"))
        _ = await sut.outcome(of: keyed(transfer(amount: "1.00"), "second"))

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "first"])
        #expect(probe.events().map(\.action) == [.recovered])
    }

    @Test func readsAndUnkeyedWritesPassUntouched() async {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger)

        _ = await sut.outcome(of: .get("/v1/wallet", headers: [HeaderName.idempotencyKey: "k"]))
        _ = await sut.outcome(of: transfer(amount: "1.00"))

        #expect(spy.requests.count == 2)
        #expect(await journal.entries.isEmpty)
    }

    // MARK: - Helpers

    private func makeJournal(_ file: URL?) -> PendingWrites {
        PendingWrites(file: file, origin: BackendOrigin(TestURL.make("/")), logger: quietLogger)
    }

    private func transfer(amount: String) -> HTTPRequest {
        .postJSON(TestURL.make(""), "/v1/transfers", body: ["toAccount": "CH93", "amount": amount, "currency": "CHF"])
    }

    private func keyed(_ request: HTTPRequest, _ key: String) -> HTTPRequest {
        var keyed = request
        keyed.headers[HeaderName.idempotencyKey] = key
        return keyed
    }
}

/// A repository's error, as small as ``RemoteCall`` allows.
private enum TestRepositoryError: RemoteRepositoryError, OwnedByLayer {
    case unavailable(Diagnostic)
    case appWide(AppWideCondition)
    case cancelled

    static let owningLayer = JourneyLayer.data
    var category: ErrorCategory { self == .cancelled ? .ignorable : .default }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.caseName == rhs.caseName }
}

/// A wall clock a test moves by hand.
private final class WallClock: Sendable {
    private let now = LockedState(Date(timeIntervalSince1970: 1_800_000_000))

    var read: @Sendable () -> Date { { self.now.withLock { $0 } } }

    func advance(by seconds: TimeInterval) {
        now.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
