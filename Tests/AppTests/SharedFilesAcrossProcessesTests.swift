import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two runs of the CLI at once, and runs that end before their answer, against a backend that is not the demo:
/// nothing either run wrote is lost, a session never reaches another backend, and money leaves once.
@Suite("Two runs at once, and a run that dies", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SharedFilesAcrossProcessesTests {
    // MARK: - One session, two runs

    /// The backend rotates refresh tokens. Run A's refresh wins, and its answer is held until run B's refresh (with
    /// the same, now spent, token) has arrived; B's refusal is held until A has saved. B takes over what A saved
    /// instead of deleting it, and the next run needs neither a refresh nor a sign-in.
    @Test func twoRunsRefreshingOneSessionAtOnceKeepTheNewestTokens() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let signedIn = try StoredTokens(home: home)
        await backend.expireAccessTokens()
        let refusalMayGo = AsyncGate(timeLimit: .seconds(100))
        backend.afterAnswering { request, response in
            guard request.path == "/v1/auth/refresh" else { return }
            if response.status == 200 {
                await eventually("the other run's refresh") { backend.refreshRequests >= 2 }
            } else {
                await refusalMayGo.wait()
            }
        }

        let first = try Binary.start(["wallet", "--base-url", url, "--trace"], home: home.url)
        let second = try Binary.start(["wallet", "--base-url", url, "--trace"], home: home.url)
        await eventually("the winning run saved its tokens") {
            (try? StoredTokens(home: home)).map { $0.refresh != signedIn.refresh } ?? false
        }
        await refusalMayGo.open()
        let runs = [await first.finish(), await second.finish()]

        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        #expect(runs.contains { $0.stdout.contains("took over the tokens another run had just refreshed") })
        let saved = try StoredTokens(home: home)
        #expect(await backend.refreshCount == 1, "one refresh was made; the other run adopted it")
        let third = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(backend.refreshRequests == 2, "the third run needed no refresh")
        #expect(await backend.presentedTokens.last == saved.access, "it sent the newest access token")
        #expect(try StoredTokens(home: home) == saved)
        await backend.stop()
    }

    /// Run B sent the old access token; before its answer came, run A refreshed (the backend revoking the old
    /// token) and saved. B's late `invalid_token` is for a token that was already replaced: B takes over A's tokens
    /// and replays, and the session stays.
    @Test func aLateInvalidTokenForATokenAnotherRunReplacedKeepsTheSession() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let signedIn = try StoredTokens(home: home)
        await backend.expireAccessTokens()
        await backend.revokeOldAccessTokensOnRefresh()
        let lateAnswerMayGo = AsyncGate(timeLimit: .seconds(100))
        let held = Counter()
        backend.beforeAnswering { request in
            guard request.path == "/v1/wallet", held.increment() == 1 else { return }
            await lateAnswerMayGo.wait()
        }

        let late = try Binary.start(["wallet", "--base-url", url, "--trace"], home: home.url)
        await eventually("the late run's request is held") { held.value >= 1 }
        let refreshing = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(refreshing.status == 0, "\(refreshing.stderr)")
        let saved = try StoredTokens(home: home)
        #expect(saved != signedIn)
        await lateAnswerMayGo.open()
        let run = await late.finish()

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("with the token another run had stored"), "\(run.stdout)")
        #expect(try StoredTokens(home: home) == saved, "the session another run saved is kept")
        #expect(await backend.refreshCount == 1)
        await backend.stop()
    }

    // MARK: - A session belongs to its backend

    @Test func aSessionIsNeverSentToAnotherBackendAndStaysAsItWas() async throws {
        let (first, home, _) = try await ContractBackend.startSignedIn()
        let second = try await ContractBackend.start()
        let sessionFile = home.url.appendingPathComponent("config/errorflow/session.json")
        let before = try Data(contentsOf: sessionFile)
        let other = second.baseURL.absoluteString

        for screen in ["payments", "wallet", "profile"] {
            let run = try await Binary.run([screen, "--base-url", other], home: home.url)
            #expect(run.status == 1, "routed to sign-in: \(run.stderr)")
            #expect(run.stderr.contains("not signed in to \(other)"), "\(run.stderr)")
            #expect(run.stderr.contains("is for \(first.baseURL.absoluteString)"))
        }
        let transfer = try await Binary.run(
            ["transfer", "--base-url", other, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "1.00"],
            home: home.url)

        #expect(transfer.status == 1)
        #expect(second.requests.allSatisfy { $0.header("Authorization") == nil }, "no token reached it")
        #expect(await second.transferCount == 0)
        #expect(try Data(contentsOf: sessionFile) == before, "the first backend's session is as it was")
        let back = try await Binary.run(["wallet", "--base-url", first.baseURL.absoluteString], home: home.url)
        #expect(back.status == 0, "the first backend's session still works: \(back.stderr)")
        await first.stop()
        await second.stop()
    }

    @Test(arguments: ["http://example.com", "http://10.0.0.7:8080", "http://[2001:db8::1]:80"])
    func plainHTTPToAnotherMachineIsRefusedUnlessAskedFor(_ url: String) async throws {
        let refused = try await Binary.run(["payments", "--base-url", url])

        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--allow-insecure-http"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")

        let asked = try await Binary.run(["payments", "--base-url", url, "--allow-insecure-http"])
        #expect(asked.status == 1, "accepted; not signed in there, so nothing is sent: \(asked.stderr)")
    }

    // MARK: - The report outbox, shared

    /// Both runs read the outbox before either queues (the cards answer waits until both have asked), so each
    /// queues a report of its own into the same file at about the same moment.
    @Test func twoRunsQueueingReportsAtOnceKeepEveryReport() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.answerReports(with: 503)
        let bothAsked = Barrier(count: 2, timeLimit: .seconds(100))
        backend.beforeAnswering { request in
            if request.path == "/v1/payment-cards" { await bothAsked.arriveAndWait() }
        }

        let first = try Binary.start(["payments", "--base-url", url, "--format", "json"], home: home.url)
        let second = try Binary.start(["payments", "--base-url", url, "--format", "json"], home: home.url)
        let runs = [await first.finish(), await second.finish()]

        #expect(runs.map(\.status) == [0, 0])
        let outbox = try OutboxFile(home: home)
        let queued = runs.map { run in (try? pendingReports(in: run.stdout)) ?? 0 }
        #expect(queued.allSatisfy { $0 > 0 }, "each run queued its report: \(runs.map(\.stdout))")
        #expect(outbox.ids.count == 2, "both runs' reports wait in the outbox: \(outbox.ids)")

        await backend.answerReports(with: 202)
        let third = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(third.status == 0)
        #expect(Set(await backend.receivedReports.compactMap(\.key)).isSuperset(of: outbox.ids), "both delivered")
        await backend.stop()
    }

    @Test(arguments: [
        ("another format", #"{"queued":["a report of another tool"]}"#, 0o600),
        ("readable by others", OutboxFile.oneReport, 0o644),
    ])
    func anOutboxTheAppCannotUseIsMovedAsideAndKept(_ problem: String, _ content: String, _ mode: Int) async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.answerReports(with: 503)
        let folder = home.url.appendingPathComponent("state/errorflow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox = folder.appendingPathComponent("report-outbox.json")
        try Data(content.utf8).write(to: outbox)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: outbox.path)

        let run = try await Binary.run(["payments", "--base-url", url], home: home.url)

        #expect(run.status == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("report-outbox.json.unreadable-")
        }
        #expect(aside.count == 1, "\(problem): moved aside once")
        let asideURL = folder.appendingPathComponent(aside.first ?? "")
        #expect(try String(contentsOf: asideURL, encoding: .utf8) == content, "what it held is kept whole")
        #expect(run.stderr.contains("moved it to \(asideURL.path)"), "one line says where: \(run.stderr)")
        #expect(try OutboxFile(home: home).ids.count == 1, "the new outbox holds this run's report")
        await backend.stop()
    }

    // MARK: - Money sent once, across processes

    /// The backend makes the transfer and its answer never comes; the client is killed while it waits. The same
    /// command again reuses the journalled key: the backend answers with the original.
    @Test func aTransferWhoseRunWasKilledIsMadeOnceWhenRunAgain() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        proxy.failNext("POST /v1/transfers", with: .hold)
        let command = transferCommand(proxy)

        let killed = try Binary.start(command, home: home.url)
        await eventually("the backend made the transfer") { await backend.transferCount == 1 }
        killed.send(SIGKILL)
        _ = await killed.finish()
        #expect(try JournalFile(home: home).states == ["pending"], "the journal still has it")

        let again = try await Binary.run(command + ["--trace"], home: home.url)

        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("✔ own-t-1 completed"), "the original transfer: \(again.stdout)")
        #expect(again.stdout.contains("sent again under its Idempotency-Key"))
        #expect(await backend.transferCount == 1)
        let keys = backend.requests.filter { $0.path == "/v1/transfers" }.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && Set(keys).count == 1, "both sends carried one key: \(keys)")
        #expect(try JournalFile(home: home).states == ["made"], "made: its receipt is kept for the same transfer again")
        proxy.stop()
        await backend.stop()
    }

    /// The answer is lost on every attempt of the first run (an empty reply, a reset, or no answer before the
    /// deadline): the run ends with the outcome unknown. Running the same command again makes nothing new. (A
    /// connection dropped on every attempt also means the backend could not be used: exit 3.)
    @Test(arguments: [(FaultyProxy.Fault.emptyReply, Int32(3)), (.reset, 3), (.hold, 1)])
    func aTransferWhoseAnswerNeverCameIsMadeOnceWhenRunAgain(_ fault: FaultyProxy.Fault, _ exit: Int32) async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        for _ in 0..<3 { proxy.failNext("POST /v1/transfers", with: fault) }
        let command = transferCommand(proxy) + ["--timeout", "2"]

        let first = try await Binary.run(command, home: home.url)
        proxy.disarm()

        #expect(first.status == exit, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("We couldn't confirm your transfer"), "\(first.stdout)")
        #expect(await backend.transferCount == 1)
        #expect(try JournalFile(home: home).states == ["pending"])

        let again = try await Binary.run(transferCommand(proxy), home: home.url)

        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("✔ own-t-1 completed"), "the original transfer: \(again.stdout)")
        #expect(await backend.transferCount == 1, "the same command again made nothing new")
        #expect(try JournalFile(home: home).states == ["made"])
        proxy.stop()
        await backend.stop()
    }

    /// The answer is lost at `127.0.0.1`; the user signs in at `localhost`, the same server by another name, and
    /// sends the same transfer there. It waits under the first name, so nothing is sent: one line says where it
    /// waits and the ways out, and the run exits 4.
    @Test func aTransferWaitingUnderAnotherNameOfTheBackendIsNotSentAgain() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        for _ in 0..<3 { proxy.failNext("POST /v1/transfers", with: .emptyReply) }
        let first = try await Binary.run(transferCommand(proxy) + ["--timeout", "2"], home: home.url)
        proxy.disarm()
        let localhost = "http://localhost:\(proxy.baseURL.port ?? 0)"
        let signIn = try await Binary.run(["signin", "--base-url", localhost, "--answer", "approve"], home: home.url)

        let again = try await Binary.run(
            ["transfer", "--base-url", localhost, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "7.25"],
            home: home.url)

        #expect(first.status == 3, "\(first.stdout)\(first.stderr)")
        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(again.status == 4, "\(again.stdout)\(again.stderr)")
        #expect(again.stderr.contains("waits there with its outcome unknown"), "\(again.stderr)")
        #expect(again.stderr.contains("--pending --base-url \(proxy.baseURL.absoluteString)"), "\(again.stderr)")
        #expect(await backend.transferCount == 1, "made once, whatever the backend was called")
        proxy.stop()
        await backend.stop()
    }

    /// Road 5: `XDG_STATE_HOME=state` is relative, so it is ignored and `$HOME` decides. A transfer whose answer
    /// was lost in one folder is found by `--pending` run in another, and made once.
    @Test func aRelativeStateHomeIsIgnoredSoRunsInTwoFoldersShareOneJournal() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        let environment = ["XDG_STATE_HOME": "state", "HOME": home.url.path]
        let here = home.url.appendingPathComponent("here")
        let there = home.url.appendingPathComponent("there")
        for _ in 0..<3 { proxy.failNext("POST /v1/transfers", with: .emptyReply) }
        let first = try await Binary.run(
            transferCommand(proxy) + ["--timeout", "2"], environment: environment, home: home.url, directory: here)
        proxy.disarm()

        let pending = try await Binary.run(
            ["transfer", "--pending", "--base-url", proxy.baseURL.absoluteString], environment: environment,
            home: home.url, directory: there)

        #expect(first.status == 3, "\(first.stdout)\(first.stderr)")
        #expect(pending.stdout.contains("✔ own-t-1 completed"), "\(pending.stdout)\(pending.stderr)")
        #expect(await backend.transferCount == 1)
        #expect(!FileManager.default.fileExists(atPath: here.appendingPathComponent("state").path))
        proxy.stop()
        await backend.stop()
    }

    /// The answer is lost as the backend's user; a new sign-in answer names no user (the SDK's own id was taken
    /// once). It signs nobody in and changes no session, so the same transfer goes out under its first key and is
    /// answered with the original.
    @Test func aSignInThatNamesNoUserChangesNobodyAndTheWaitingTransferKeepsItsKey() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        for _ in 0..<3 { proxy.failNext("POST /v1/transfers", with: .emptyReply) }
        let first = try await Binary.run(transferCommand(proxy) + ["--timeout", "2"], home: home.url)
        proxy.disarm()
        await backend.answerSignInWithoutUser()
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL.absoluteString, "--answer", "approve"], home: home.url)

        let again = try await Binary.run(transferCommand(proxy), home: home.url)

        #expect(first.status == 3, "\(first.stdout)\(first.stderr)")
        #expect(signIn.status != 0, "nobody signed in: \(signIn.stdout)")
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(await backend.transferCount == 1, "made once")
        proxy.stop()
        await backend.stop()
    }

    @Test func pendingSettlesWhatAKilledRunLeftAndSaysWhenNothingWaits() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        proxy.failNext("POST /v1/transfers", with: .hold)
        let killed = try Binary.start(transferCommand(proxy), home: home.url)
        await eventually("the backend made the transfer") { await backend.transferCount == 1 }
        killed.send(SIGKILL)
        _ = await killed.finish()
        let url = proxy.baseURL.absoluteString

        let pending = try await Binary.run(["transfer", "--pending", "--base-url", url], home: home.url)
        let nothing = try await Binary.run(["transfer", "--pending", "--base-url", url], home: home.url)

        #expect(pending.status == 0, "\(pending.stdout)\(pending.stderr)")
        #expect(pending.stdout.contains("Pending since"))
        #expect(pending.stdout.contains("EUR 7.25 to CH93 0076 2011 6238 5295 7"))
        #expect(pending.stdout.contains("✔ own-t-1 completed"), "the original: \(pending.stdout)")
        #expect(await backend.transferCount == 1)
        #expect(nothing.status == 0)
        #expect(nothing.stdout.contains("No transfer to \(url) waits for its outcome."), "\(nothing.stdout)")
        proxy.stop()
        await backend.stop()
    }

    @Test func whenNothingReachedTheBackendNothingIsMadeAndNothingWaits() async throws {
        let (backend, proxy, home) = try await signedInBehindProxy()
        proxy.stop()

        let run = try await Binary.run(transferCommand(proxy), home: home.url)

        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Nothing was sent."))
        #expect(await backend.transferCount == 0)
        #expect(!JournalFile.exists(home: home), "nothing waits: the outcome is known")
        await backend.stop()
    }

    // MARK: - Helpers

    /// Signed in through a proxy that can lose the backend's answers; the session belongs to the proxy's address.
    private func signedInBehindProxy() async throws -> (ContractBackend, FaultyProxy, TemporaryFolder) {
        let backend = try await ContractBackend.start()
        let proxy = try FaultyProxy(upstream: backend.baseURL)
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        return (backend, proxy, home)
    }

    private func transferCommand(_ proxy: FaultyProxy) -> [String] {
        [
            "transfer", "--base-url", proxy.baseURL.absoluteString, "--to", "CH93 0076 2011 6238 5295 7", "--amount",
            "7.25",
        ]
    }

    private func pendingReports(in json: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["pendingReports"] as? [Any])?.count ?? 0
    }
}

/// The tokens in a home's session file, read as a test reads a file: by its JSON.
private struct StoredTokens: Equatable {
    let access: String
    let refresh: String

    init(home: TemporaryFolder) throws {
        let url = home.url.appendingPathComponent("config/errorflow/session.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        access = object?["accessToken"] as? String ?? ""
        refresh = object?["refreshToken"] as? String ?? ""
    }
}

/// A home's report outbox, read by its JSON.
private struct OutboxFile {
    static let oneReport =
        #"{"dropped":{},"entries":[{"id":"kept-1","origin":"http://127.0.0.1:1","report":{"appVersion":"0","endpoint":"/v1/me","failures":[]}}],"format":"errorflow-report-outbox/1"}"#

    let ids: Set<String>

    init(home: TemporaryFolder) throws {
        let url = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        ids = Set(((object?["entries"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
    }
}

/// A home's pending-writes journal, read by its JSON.
private struct JournalFile {
    let states: [String]

    init(home: TemporaryFolder) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.url(home))) as? [String: Any]
        states = ((object?["writes"] as? [[String: Any]]) ?? []).compactMap { $0["state"] as? String }
    }

    static func exists(home: TemporaryFolder) -> Bool {
        FileManager.default.fileExists(atPath: url(home).path)
    }

    private static func url(_ home: TemporaryFolder) -> URL {
        home.url.appendingPathComponent("state/errorflow/pending-writes.json")
    }
}
