import Foundation
import TestSupport
import Testing

/// Each road by which a transfer whose answer never came used to be made a second time, or lost, run with the binary
/// against a backend that is not the demo: the journal decides from what is known of the write, never from the last
/// send's failure, and refuses (nothing sent, exit 4, one line) rather than forget.
@Suite("Keyed writes: every road, with real processes", .timeLimit(.minutes(4 * TestSlowdown.factor)))
struct KeyedWriteRoadsTests {
    @Test func runningAgainWhileOfflineNeverSettlesAnEarlierSendThatMayHaveBeenMade() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        for _ in 0..<3 { proxy.failNext("POST /v1/transfers", with: .emptyReply) }
        _ = try await Binary.run(transfer(proxy), home: home.url)
        proxy.stop()

        let offline = try await Binary.run(transfer(proxy), home: home.url)

        #expect(
            offline.stdout.contains("We couldn't confirm your transfer"), "not 'Nothing was sent': \(offline.stdout)")
        #expect(try JournalStates(home: home).states == ["pending"])
        let back = try FaultyProxy(upstream: backend.baseURL, port: proxy.port)
        let again = try await Binary.run(transfer(back), home: home.url)
        #expect(again.stdout.contains("✔ own-t-1 completed"), "the original transfer: \(again.stdout)")
        #expect(await backend.transferCount == 1)
        back.stop()
        await backend.stop()
    }

    @Test func aJournalLockedByAnotherProcessPastTheWaitSendsNothingAndSaysSo() async throws {
        let (backend, home) = try await signedIn()
        let journal = JournalStates.url(home)
        try FileManager.default.createDirectory(
            at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let held = try #require(HeldLock(on: journal))

        let run = try await Binary.run(transfer(backend.baseURL), home: home.url)
        held.release()

        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                "nothing was sent: the pending-writes journal \(journal.path) is being changed by another errorflow process; try again when the other run has finished"
            ), "\(run.stderr)")
        #expect(run.stdout.contains("Not sent"))
        #expect(backend.requests.filter { $0.path == "/v1/transfers" }.isEmpty)
        await backend.stop()
    }

    @Test func aJournalReadableByOthersIsLeftAsItIsAndNothingIsSent() async throws {
        let (backend, home) = try await signedIn()
        let journal = JournalStates.url(home)
        try FileManager.default.createDirectory(
            at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let content = #"{"format":"errorflow-pending-writes/2","writes":[]}"#
        try Data(content.utf8).write(to: journal)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journal.path)

        let run = try await Binary.run(transfer(backend.baseURL), home: home.url)

        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("others can read it (mode 644); `chmod 600` it to use it"), "\(run.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == content)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: journal.deletingLastPathComponent().path).filter {
                $0.contains("unreadable")
            }.isEmpty, "never moved aside")
        #expect(backend.requests.filter { $0.path == "/v1/transfers" }.isEmpty)
        await backend.stop()
    }

    @Test func anotherBackendsWritesNeverFillThisBackendsShare() async throws {
        let (backend, home) = try await signedIn()
        let journal = JournalStates.url(home)
        try FileManager.default.createDirectory(
            at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let others = (0..<100).map { index in
            #"{"origin":"http://other.test:80","basePath":"","user":"u-9","method":"POST","operation":"/v1/transfers","body":"{\"n\":\#(index)}","key":"other-\#(index)","firstSent":"2099-01-01T00:00:00Z","state":"pending","sends":[],"mayBeMade":true}"#
        }
        try writePrivately(
            #"{"format":"errorflow-pending-writes/2","writes":[\#(others.joined(separator: ","))]}"#, to: journal)

        let run = try await Binary.run(transfer(backend.baseURL), home: home.url)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(await backend.transferCount == 1)
        #expect(try JournalStates(home: home).states.count == 101, "nothing of the other backend was dropped")
    }

    @Test func theSameTransferAgainShowsItsReceiptAndAgainMakesANewOne() async throws {
        let (backend, home) = try await signedIn()

        let first = try await Binary.run(transfer(backend.baseURL), home: home.url)
        let same = try await Binary.run(transfer(backend.baseURL), home: home.url)
        let again = try await Binary.run(transfer(backend.baseURL) + ["--again"], home: home.url)

        #expect(first.status == 0 && same.status == 0 && again.status == 0, "\(same.stdout)\(again.stderr)")
        #expect(same.stdout.contains("✔ own-t-1 completed"), "\(same.stdout)")
        #expect(same.stdout.contains("Already sent earlier: nothing new was sent."), "\(same.stdout)")
        #expect(again.stdout.contains("✔ own-t-2 completed"), "\(again.stdout)")
        #expect(await backend.transferCount == 2)
        #expect(backend.requests.filter { $0.path == "/v1/transfers" }.count == 2, "the same transfer was not sent")
        await backend.stop()
    }

    @Test func aTransferWhoseKeyExpiredWithItsOutcomeUnknownIsNeverSentAgainUntilDismissed() async throws {
        let (backend, home) = try await signedIn()
        try journalAnExpiredTransfer(of: backend, in: home)
        let url = backend.baseURL.absoluteString

        let refused = try await Binary.run(transfer(backend.baseURL) + ["--again"], home: home.url)
        let listed = try await Binary.run(["transfer", "--pending", "--base-url", url], home: home.url)
        let dismissed = try await Binary.run(
            ["transfer", "--pending", "--dismiss", "0ld0ld00", "--base-url", url], home: home.url)
        let sent = try await Binary.run(transfer(backend.baseURL), home: home.url)

        #expect(refused.status == 4, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "its key has expired; check your wallet, then let it go with `errorflow-app transfer --pending --dismiss 0ld0ld00 --base-url \(url)`"
            ), "\(refused.stderr)")
        #expect(listed.status == 1, "\(listed.stdout)\(listed.stderr)")
        #expect(listed.stdout.contains("its key has expired, so it is not sent again. Whether it was made is unknown"))
        #expect(dismissed.status == 0, "\(dismissed.stderr)")
        #expect(dismissed.stdout.contains("Let go of EUR 7.25 to CH93 0076 2011 6238 5295 7"))
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        #expect(await backend.transferCount == 1, "sent only once the user let the old one go")
        await backend.stop()
    }

    @Test func pendingAsJSONListsAnExpiredTransferWithSortedKeysAsEveryJSONOutputDoes() async throws {
        let (backend, home) = try await signedIn()
        try journalAnExpiredTransfer(of: backend, in: home)

        let listed = try await Binary.run(
            ["transfer", "--pending", "--format", "json", "--base-url", backend.baseURL.absoluteString],
            home: home.url)
        await backend.stop()

        #expect(listed.status == 1, "\(listed.stderr)")
        #expect(
            listed.stdout
                == """
                {
                  "expired" : [
                    {
                      "firstSent" : "2020-01-01T00:00:00Z",
                      "key" : "0ld0ld00",
                      "outcome" : "unknown"
                    }
                  ],
                  "pending" : [

                  ]
                }

                """)
    }

    @Test func pendingAsJSONWithNothingWaitingIsTheSameObjectEmpty() async throws {
        let run = try await Binary.run(
            ["transfer", "--pending", "--format", "json", "--base-url", "http://127.0.0.1:9"])

        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String]]
        #expect(object == ["expired": [], "pending": []], "\(run.stdout)")
        #expect(run.stdout.hasPrefix("{\n  \"expired\" : ["), "pretty, keys sorted: \(run.stdout)")
    }

    @Test func pendingFindsTheTransfersOfABackendUnderAPathPrefix() async throws {
        let backend = try await ContractBackend.start(pathPrefix: "/api")
        let proxy = try FaultyProxy(upstream: backend.baseURL)
        let home = TemporaryFolder()
        let url = proxy.baseURL.appendingPathComponent("api")
        let signIn = try await Binary.run(
            ["signin", "--base-url", url.absoluteString, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        for _ in 0..<3 { proxy.failNext("POST /api/v1/transfers", with: .emptyReply) }
        _ = try await Binary.run(transfer(url), home: home.url)
        proxy.disarm()

        let pending = try await Binary.run(["transfer", "--pending", "--base-url", url.absoluteString], home: home.url)

        #expect(pending.status == 0, "\(pending.stdout)\(pending.stderr)")
        #expect(pending.stdout.contains("Pending since"), "\(pending.stdout)")
        #expect(pending.stdout.contains("✔ own-t-1 completed"))
        #expect(await backend.transferCount == 1)
        proxy.stop()
        await backend.stop()
    }

    // MARK: - Helpers

    private func writePrivately(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    private func signedIn() async throws -> (ContractBackend, TemporaryFolder) {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", backend.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        return (backend, home)
    }

    private func signedInBehindProxy() async throws -> (ContractBackend, FaultyProxy, TemporaryFolder) {
        let backend = try await ContractBackend.start()
        let proxy = try FaultyProxy(upstream: backend.baseURL)
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        return (backend, proxy, home)
    }

    private func transfer(_ proxy: FaultyProxy) -> [String] { transfer(proxy.baseURL) }

    private func transfer(_ url: URL) -> [String] {
        ["transfer", "--base-url", url.absoluteString, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "7.25"]
    }

    /// A journal holding one transfer (EUR 7.25 to CH93…, key `0ld0ld00-…`) first sent in 2020 with its outcome
    /// unknown, so its key expired long ago.
    private func journalAnExpiredTransfer(of backend: ContractBackend, in home: TemporaryFolder) throws {
        let journal = JournalStates.url(home)
        try FileManager.default.createDirectory(
            at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let origin = "http://127.0.0.1:\(backend.baseURL.port ?? 0)"
        let body = #"{\"amount\":\"7.25\",\"currency\":\"EUR\",\"toAccount\":\"CH93 0076 2011 6238 5295 7\"}"#
        try writePrivately(
            #"{"format":"errorflow-pending-writes/2","writes":[{"origin":"\#(origin)","basePath":"","user":"\#(backend.user.id)","method":"POST","operation":"/v1/transfers","body":"\#(body)","key":"0ld0ld00-aaaa-4aaa-8aaa-aaaaaaaaaaaa","firstSent":"2020-01-01T00:00:00Z","state":"pending","sends":[],"mayBeMade":true}]}"#,
            to: journal)
    }
}

/// A home's pending-writes journal, read by its JSON.
struct JournalStates {
    let states: [String]

    init(home: TemporaryFolder) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.url(home))) as? [String: Any]
        states = ((object?["writes"] as? [[String: Any]]) ?? []).compactMap { $0["state"] as? String }
    }

    static func url(_ home: TemporaryFolder) -> URL {
        home.url.appendingPathComponent("state/errorflow/pending-writes.json")
    }
}
