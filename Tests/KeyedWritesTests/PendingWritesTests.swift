import Decoding
import Foundation
import KeyedWrites
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// The journal: keyed writes are journalled before they are sent, belong to one backend and one user, stay while
/// they may have been made, keep their receipt once made, and are refused (never dropped, never sent) when the
/// journal cannot be used.
@Suite("The pending-writes journal", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct PendingWritesTests {
    // MARK: - The same write

    @Test func theSameWriteSentAgainByAnotherProcessGoesOutUnderItsKey() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/pending-writes.json")
        let first = makeJournal(file)
        let started = try await first.begin(transfer("7.25"), proposing: "key-first", user: "u-1", again: false)
        await first.end(key: "key-first", send: try #require(started.send), outcome: .mayBeMade)

        let second = makeJournal(file)
        let again = try await second.begin(transfer("7.25"), proposing: "key-second", user: "u-1", again: false)

        #expect(again.key == "key-first")
        #expect(again.earlier?.state == .pending(sends: [], mayBeMade: true))
        let other = try await second.begin(transfer("7.26"), proposing: "key-other", user: "u-1", again: false)
        #expect(other.key == "key-other", "another write gets its own key")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func theBodyIsComparedCanonicallyWhateverTheKeyOrder() async throws {
        let sut = makeJournal(nil)
        let one = HTTPRequest(
            method: .post, url: TestURL.make("/v1/transfers"), body: Data(#"{"amount":"1","to":"a"}"#.utf8))
        let other = HTTPRequest(
            method: .post, url: TestURL.make("/v1/transfers"), body: Data(#"{ "to": "a", "amount": "1" }"#.utf8))

        _ = try await sut.begin(one, proposing: "k1", user: nil, again: false)

        #expect(try await sut.begin(other, proposing: "k2", user: nil, again: false).key == "k1")
    }

    @Test func aWriteBelongsToItsUserAndAnotherUsersSameWriteSentAgainHasItsOwnKey() async throws {
        let sut = makeJournal(nil)
        _ = try await sut.begin(transfer("1.00"), proposing: "ada", user: "u-ada", again: false)

        let grace = try await sut.begin(transfer("1.00"), proposing: "grace", user: "u-grace", again: true)

        #expect(grace.key == "grace")
        #expect(try await sut.writes(for: "u-ada").map(\.key) == ["ada"])
        #expect(try await sut.writes(for: "u-grace").map(\.key) == ["grace"])
    }

    // MARK: - The same write under another name

    @Test(arguments: WaitingElsewhere.allCases)
    func aWriteWaitingUnderAnotherNameRefusesTheSameWrite(_ road: WaitingElsewhere) async throws {
        let clock = WallClock()
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let first = PendingWrites(file: file, baseURL: road.firstURL, now: clock.read, logger: quietLogger)
        let sent = try await first.begin(
            road.transfer(at: road.firstURL), proposing: "key-waiting", user: "u-1", again: false)
        await first.end(key: "key-waiting", send: try #require(sent.send), outcome: .mayBeMade)

        let second = PendingWrites(file: file, baseURL: road.secondURL, now: clock.read, logger: quietLogger)

        await #expect(
            throws: JournalRefusal.waitingElsewhere(
                backend: road.waitingBackend, since: clock.start, key: "key-waiting")
        ) {
            try await second.begin(
                road.transfer(at: road.secondURL), proposing: "key-new", user: road.secondUser, again: false)
        }
        #expect(try await second.writes(for: road.secondUser).isEmpty, "nothing was journalled, so nothing is sent")
    }

    @Test func aWriteWaitingUnderAnotherNameLetsADeliberateNewOneGo() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let road = WaitingElsewhere.localhostForLoopback
        let first = PendingWrites(file: file, baseURL: road.firstURL, logger: quietLogger)
        let second = PendingWrites(file: file, baseURL: road.secondURL, logger: quietLogger)
        _ = try await first.begin(road.transfer(at: road.firstURL), proposing: "waiting", user: "u-1", again: false)

        let again = try await second.begin(
            road.transfer(at: road.secondURL), proposing: "deliberate", user: "u-1", again: true)

        #expect(again.key == "deliberate")
    }

    /// The same transfer made today under another name of the backend (or by another sign-in) is not made again
    /// by accident: nothing is sent, the line says when and where it was made (never its receipt, which stays with
    /// its backend and user), and `--again` is the way to a new one.
    @Test(arguments: WaitingElsewhere.allCases)
    func aWriteMadeUnderAnotherNameWithinItsLifetimeRefusesTheSameWrite(_ road: WaitingElsewhere) async throws {
        let clock = WallClock()
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let first = PendingWrites(file: file, baseURL: road.firstURL, now: clock.read, logger: quietLogger)
        let made = try await first.begin(
            road.transfer(at: road.firstURL), proposing: "key-made", user: "u-1", again: false)
        await first.endMade(key: "key-made", send: try #require(made.send), answer: .json(201, #"{"id":"t-1"}"#))
        let second = PendingWrites(file: file, baseURL: road.secondURL, now: clock.read, logger: quietLogger)

        await #expect(throws: JournalRefusal.madeEarlier(at: clock.start, elsewhere: road.waitingBackend)) {
            try await second.begin(
                road.transfer(at: road.secondURL), proposing: "key-new", user: road.secondUser, again: false)
        }
        let again = try await second.begin(
            road.transfer(at: road.secondURL), proposing: "key-again", user: road.secondUser, again: true)
        #expect(again.key == "key-again")
    }

    @Test func aWriteMadeElsewhereLongerAgoThanItsKeysLifetimeOrAnotherBodyRefusesNothing() async throws {
        let clock = WallClock()
        let sut = PendingWrites(file: nil, baseURL: TestURL.make(""), now: clock.read, logger: quietLogger)
        let made = try await sut.begin(transfer("1.00"), proposing: "made", user: "u-1", again: false)
        await sut.endMade(key: "made", send: try #require(made.send), answer: .json(201, #"{"id":"t-1"}"#))
        _ = try await sut.begin(transfer("2.00"), proposing: "waiting", user: "u-1", again: false)

        let other = try await sut.begin(transfer("3.00"), proposing: "other", user: "u-2", again: false)
        clock.advance(by: PendingWrites.defaultLifetime.inSeconds)
        let tomorrow = try await sut.begin(transfer("1.00"), proposing: "tomorrow", user: "u-2", again: false)

        #expect(other.key == "other", "another body is another write")
        #expect(tomorrow.key == "tomorrow", "a day later the same transfer may be meant again")
    }

    @Test func aWriteBelongsToItsBackendAndItsBasePath() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let api = PendingWrites(file: file, baseURL: URL(string: "http://host.test/api")!, logger: quietLogger)
        let other = PendingWrites(file: file, baseURL: URL(string: "http://host.test/other")!, logger: quietLogger)
        let request = HTTPRequest.postJSON(URL(string: "http://host.test/api")!, "/v1/transfers", body: ["a": "1"])

        _ = try await api.begin(request, proposing: "k", user: nil, again: false)

        #expect(try await api.writes(for: nil).map(\.identity.operation) == ["/v1/transfers"])
        #expect(try await other.writes(for: nil).isEmpty)
    }

    // MARK: - Made, and the same write again

    @Test func aMadeWriteShowsItsReceiptForTheSameWriteUntilItsKeyExpires() async throws {
        let clock = WallClock()
        let sut = PendingWrites(
            file: nil, baseURL: TestURL.make(""), lifetime: .seconds(86_400), now: clock.read, logger: quietLogger)
        let started = try await sut.begin(transfer("1.00"), proposing: "first", user: nil, again: false)
        await sut.endMade(key: "first", send: try #require(started.send), answer: .json(201, #"{"id":"t-1"}"#))

        let same = try await sut.begin(transfer("1.00"), proposing: "second", user: nil, again: false)
        let again = try await sut.begin(transfer("1.00"), proposing: "third", user: nil, again: true)
        await sut.endMade(key: "third", send: try #require(again.send), answer: .json(201, #"{"id":"t-2"}"#))
        clock.advance(by: 86_400)
        let tomorrow = try await sut.begin(transfer("1.00"), proposing: "fourth", user: nil, again: false)

        #expect(same == .receipt(.init(madeAt: clock.start, status: 201, body: Data(#"{"id":"t-1"}"#.utf8))))
        #expect(again.key == "third", "--again journals a new write under its own key")
        #expect(tomorrow.key == "fourth", "the keys expired: the same transfer tomorrow is a new one")
    }

    @Test func aPendingWriteWhoseKeyExpiredIsNeverSentAgainAndWaitsUntilDismissed() async throws {
        let clock = WallClock()
        let sut = PendingWrites(
            file: nil, baseURL: TestURL.make(""), lifetime: .seconds(86_400), now: clock.read, logger: quietLogger)
        _ = try await sut.begin(transfer("1.00"), proposing: "old-key-123", user: nil, again: false)
        clock.advance(by: 86_400)

        for again in [false, true] {
            await #expect(throws: JournalRefusal.unresolvedAndExpired(since: clock.start, key: "old-key-123")) {
                try await sut.begin(transfer("1.00"), proposing: "new-key", user: nil, again: again)
            }
        }
        #expect(try await sut.writes(for: nil).map(\.key) == ["old-key-123"])
        #expect(try await sut.dismiss(keyPrefix: "old-key-", user: nil)?.key == "old-key-123")
        #expect(try await sut.begin(transfer("1.00"), proposing: "new-key", user: nil, again: false).key == "new-key")
    }

    // MARK: - The bound

    @Test func theBoundIsPerBackendAndRefusesRatherThanDropAnything() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let other = PendingWrites(file: file, baseURL: URL(string: "http://other.test")!, limit: 2, logger: quietLogger)
        let sut = PendingWrites(file: file, baseURL: TestURL.make(""), limit: 2, logger: quietLogger)
        for index in 1...2 {
            _ = try await other.begin(transfer("\(index).00"), proposing: "other-\(index)", user: nil, again: false)
        }

        for index in 3...4 {
            _ = try await sut.begin(transfer("\(index).00"), proposing: "mine-\(index)", user: nil, again: false)
        }
        await #expect(throws: JournalRefusal.full(limit: 2, waiting: 2)) {
            try await sut.begin(transfer("5.00"), proposing: "mine-5", user: nil, again: false)
        }

        #expect(try await sut.writes(for: nil).map(\.key) == ["mine-3", "mine-4"])
        #expect(try await other.writes(for: nil).map(\.key) == ["other-1", "other-2"])
        #expect(await sut.refusals == [.full(limit: 2, waiting: 2)])
    }

    @Test func aBodyLongerThanTheJournalKeepsIsRefused() async {
        let sut = makeJournal(nil)
        let long = HTTPRequest.postJSON(
            TestURL.make(""), "/v1/transfers", body: ["note": String(repeating: "x", count: 20_000)])

        await #expect(throws: JournalRefusal.self) {
            try await sut.begin(long, proposing: "k", user: nil, again: false)
        }
    }

    // MARK: - A journal that cannot be used

    @Test(arguments: UnusableJournal.allCases)
    func aJournalFileTheAppCannotUseRefusesTheWriteAndIsLeftAsItIs(_ problem: UnusableJournal) async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("pending-writes.json")
        try Data(problem.content.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: problem.mode], ofItemAtPath: file.path)

        await #expect(throws: JournalRefusal.self) {
            try await makeJournal(file).begin(transfer("1.00"), proposing: "k", user: nil, again: false)
        }

        #expect(try String(contentsOf: file, encoding: .utf8) == problem.content, "nothing written over")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "pending-writes.json", "pending-writes.json.lock",
            ], "nothing moved aside")
    }

    @Test func aLockHeldByAnotherProcessPastThePatienceRefusesTheWrite() async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let held = try #require(HeldLock(on: file))
        defer { held.release() }
        let sut = PendingWrites(file: file, baseURL: TestURL.make(""), lockPatience: .zero, logger: quietLogger)

        await #expect(throws: JournalRefusal.busy(path: file.path)) {
            try await sut.begin(transfer("1.00"), proposing: "k", user: nil, again: false)
        }
    }

    @Test func aJournalOfTheFirstFormatIsReadAsWritesThatMayHaveBeenMade() async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("pending-writes.json")
        let body = #"{"amount":"1.00","currency":"CHF","toAccount":"CH93"}"#
        let first = """
            {"format":"errorflow-pending-writes/1","entries":[{"origin":"http://api.test.invalid:80","method":"POST",\
            "endpoint":"/v1/transfers","body":\(String(reflecting: body)),"idempotencyKey":"old","state":"sending",\
            "firstSent":"2026-11-26T10:00:00Z","expires":"2026-11-27T10:00:00Z"}]}
            """
        try PrivateFileFixture.write(first, to: file)
        let sut = PendingWrites(
            file: file, baseURL: TestURL.make(""), now: { Date(timeIntervalSince1970: 1_795_000_000) },
            logger: quietLogger)

        let start = try await sut.begin(transfer("1.00"), proposing: "new", user: "u-1", again: false)

        #expect(start.key == "old")
        #expect(start.earlier?.state == .pending(sends: [], mayBeMade: true))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("errorflow-pending-writes/2"))
    }

    // MARK: - The decorator

    @Test(
        arguments: [
            (HTTPClientError.Kind.connectionLost, nil, true), (.timedOut, nil, true), (.server(status: 503), nil, true),
            (.cancelled, nil, true), (.notFound, nil, true), (.offline, nil, false),
            (.unauthorized, "token_expired", false),
            (.unexpectedStatus(422), "validation_failed", false), (.conflict, "idempotency_key_reused", false),
            (.conflict, "idempotency_key_in_use", false),
        ] as [(HTTPClientError.Kind, String?, Bool)])
    func aNewWriteStaysOnlyWhileItMayHaveBeenMade(_ kind: HTTPClientError.Kind, _ code: String?, _ stays: Bool)
        async throws
    {
        let journal = makeJournal(nil, operations: [transfers])
        let sut = journaling(journal) { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: kind, context: .init(request: request, serverCode: code))
        }

        let result = await sut.outcome(of: keyed(transfer("1.00"), "k"))

        #expect(try await journal.writes(for: nil).map(\.key) == (stays ? ["k"] : []))
        #expect(result.failure?.context.keyedWrite == (stays ? .pending : .settled))
    }

    @Test func noConnectionNeverSettlesAnEarlierSendThatMayHaveBeenMade() async throws {
        let journal = makeJournal(nil, operations: [transfers])
        let lost = journaling(journal) { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .connectionLost, context: .init(request: request))
        }
        let offline = journaling(journal) { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .offline, context: .init(request: request))
        }

        _ = await lost.outcome(of: keyed(transfer("1.00"), "first"))
        let again = await offline.outcome(of: keyed(transfer("1.00"), "second"))

        #expect(try await journal.writes(for: nil).map(\.key) == ["first"])
        #expect(again.failure?.context.keyedWrite == .pending)
    }

    @Test func theEntryIsInTheFileBeforeTheFirstSend() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/pending-writes.json")
        let seen = LockedState<String?>(nil)
        let sut = journaling(makeJournal(file)) { request, _ throws(HTTPClientError) in
            seen.withLock { $0 = try? String(contentsOf: file, encoding: .utf8) }
            return .json(201, "{}")
        }

        _ = await sut.outcome(of: keyed(transfer("1.00"), "durable-key"))

        #expect(seen.withLock { $0 }?.contains("durable-key") == true)
    }

    @Test func anAnswerReadAndUnderstoodMakesTheWriteAndTheSameWriteShowsItsReceipt() async throws {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(201, #"{"id":"t-1"}"#))
        let sut = JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger)

        let answer = try await sut.outcome(of: keyed(transfer("1.00"), "first")).get()
        #expect(try await journal.writes(for: nil).map(\.isMade) == [false], "made, but not read yet")
        await answer.journalled?.settle(with: answer)
        let same = try await sut.outcome(of: keyed(transfer("1.00"), "second")).get()
        var again = keyed(transfer("1.00"), "third")
        again.sendsAgain = true
        _ = await sut.outcome(of: again)

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "third"])
        #expect(same.madeEarlier != nil)
        #expect(String(decoding: same.body, as: UTF8.self) == #"{"id":"t-1"}"#)
    }

    /// A receipt that does not decode leaves the user as unsure as no answer: the write stays journalled, and
    /// sending it again asks the backend under the same key.
    @Test func aWriteWhoseReceiptCannotBeReadStaysJournalled() async throws {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(201, #"{"id": 7}"#))
        let call = RemoteCall<TestRepositoryError>(
            client: JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger),
            reporter: ClientReportingSpy(), logger: quietLogger, unavailable: { .unavailable($0) })

        for key in ["first", "second"] {
            _ = try? await call.perform(keyed(transfer("1.00"), key), endpoint: "/v1/transfers") {
                (_: Data) throws(DecodingFailure) -> Decoded<String> in
                throw DecodingFailure(keyPath: "id", kind: .invalid, detail: "not a string")
            }
        }

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "first"])
        #expect(try await journal.writes(for: nil).map(\.state) == [.pending(sends: [], mayBeMade: true)])
    }

    @Test func aWriteWhoseOutcomeIsUnknownIsSentAgainUnderItsKeyAndTheJourneySaysSo() async {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(results: [
            .failure(HTTPClientError(kind: .timedOut, context: .init(request: .get("/")))), .success(.json(201, "{}")),
        ])
        let probe = JourneyProbe()
        let sut = JournalingHTTPClient(
            decoratee: KeyedWriteAttemptsHTTPClient(decoratee: spy), journal: journal, logger: probe.logger)

        _ = await sut.outcome(of: keyed(transfer("1.00"), "first"))
        _ = await sut.outcome(of: keyed(transfer("1.00"), "second"))

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["first", "first"])
        #expect(probe.events().map(\.action) == [.recovered])
    }

    @Test func aRefusedWriteIsNotSent() async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("pending-writes.json")
        try PrivateFileFixture.write("not a journal", to: file)
        let spy = HTTPClientSpy(answering: .json(201, "{}"))
        let sut = JournalingHTTPClient(decoratee: spy, journal: makeJournal(file), logger: quietLogger)

        let result = await sut.outcome(of: keyed(transfer("1.00"), "k"))

        #expect(spy.requests.isEmpty)
        #expect(result.failure?.kind.name == "journalRefused(unusable)")
    }

    @Test func readsAndUnkeyedWritesPassUntouched() async throws {
        let journal = makeJournal(nil)
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = JournalingHTTPClient(decoratee: spy, journal: journal, logger: quietLogger)

        _ = await sut.outcome(of: .get("/v1/wallet", headers: [HeaderName.idempotencyKey: "k"]))
        _ = await sut.outcome(of: transfer("1.00"))

        #expect(spy.requests.count == 2)
        #expect(try await journal.writes(for: nil).isEmpty)
    }

    // MARK: - Helpers

    private let transfers = KeyedOperation(
        method: .post, path: "/v1/transfers",
        notMade: [.init(422, "validation_failed"), .init(409, "idempotency_key_reused")],
        madeNothing: [.init(401), .init(409, "idempotency_key_in_use")])

    private func makeJournal(_ file: URL?, operations: [KeyedOperation] = []) -> PendingWrites {
        PendingWrites(file: file, baseURL: TestURL.make(""), operations: operations, logger: quietLogger)
    }

    private func journaling(_ journal: PendingWrites, _ script: @escaping HTTPClientSpy.Script) -> JournalingHTTPClient
    {
        JournalingHTTPClient(
            decoratee: KeyedWriteAttemptsHTTPClient(decoratee: HTTPClientSpy(script: script)), journal: journal,
            logger: quietLogger)
    }

    private func transfer(_ amount: String) -> HTTPRequest {
        .postJSON(TestURL.make(""), "/v1/transfers", body: ["toAccount": "CH93", "amount": amount, "currency": "CHF"])
    }

    private func keyed(_ request: HTTPRequest, _ key: String) -> HTTPRequest {
        var keyed = request
        keyed.headers[HeaderName.idempotencyKey] = key
        return keyed
    }
}

/// The roads by which the same write can be sent under another name while it waits: another spelling of the same
/// backend, another base path, another user.
enum WaitingElsewhere: String, CaseIterable, CustomTestStringConvertible {
    case localhostForLoopback, ipv6ForIPv4, anotherBasePath, anotherUser

    var firstURL: URL {
        switch self {
        case .anotherBasePath: Self.url("http://127.0.0.1:8080/api")
        default: Self.url("http://127.0.0.1:8080")
        }
    }

    var secondURL: URL {
        switch self {
        case .localhostForLoopback: Self.url("http://localhost:8080")
        case .ipv6ForIPv4: Self.url("http://[::1]:8080")
        case .anotherBasePath: Self.url("http://127.0.0.1:8080")
        case .anotherUser: firstURL
        }
    }

    var secondUser: String { self == .anotherUser ? "u-2" : "u-1" }

    var waitingBackend: String { self == .anotherBasePath ? "http://127.0.0.1:8080/api" : "http://127.0.0.1:8080" }

    func transfer(at url: URL) -> HTTPRequest {
        .postJSON(url, "/v1/transfers", body: ["toAccount": "CH93", "amount": "1.00", "currency": "CHF"])
    }

    var testDescription: String { rawValue }

    private static func url(_ text: String) -> URL { URL(string: text) ?? URL(fileURLWithPath: "/") }
}

/// What makes a journal file unusable, and what is in it.
enum UnusableJournal: String, CaseIterable, CustomTestStringConvertible {
    case anotherFormat, corrupt, readableByOthers

    var content: String {
        switch self {
        case .anotherFormat: #"{"format":"someone-else/9"}"#
        case .corrupt: "{\"format\": \"errorflow-pending-wri"
        case .readableByOthers: #"{"format":"errorflow-pending-writes/2","writes":[]}"#
        }
    }

    var mode: Int { self == .readableByOthers ? 0o644 : 0o600 }

    var testDescription: String { rawValue }
}

extension PendingWrites.Start {
    var key: String? {
        if case .send(let key, _, _) = self { return key }
        return nil
    }

    var send: SendID? {
        if case .send(_, let send, _) = self { return send }
        return nil
    }

    var earlier: KeyedWrite? {
        if case .send(_, _, let earlier) = self { return earlier }
        return nil
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A repository's error, as small as ``RemoteCall`` allows.
private enum TestRepositoryError: BackendCallError {
    case unavailable(Diagnostic)
    case appWide(AppWideCondition)
    case cancelled

    static let owningLayer = JourneyLayer.data
    var errorCase: ErrorCase {
        switch self {
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        case .cancelled: .cancelled
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.caseName == rhs.caseName }
}

/// A wall clock a test moves by hand.
private final class WallClock: Sendable {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let now = LockedState(Date(timeIntervalSince1970: 1_800_000_000))

    var read: @Sendable () -> Date { { self.now.withLock { $0 } } }

    func advance(by seconds: TimeInterval) {
        now.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
