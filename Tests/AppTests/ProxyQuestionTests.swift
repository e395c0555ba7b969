import Composition
import Foundation
import Networking
import TestSupport
import Testing

/// Promise: a keyed write is filed under the backend it reaches, and a session goes to no server but its backend
/// and this user's own proxy in front of it. A base URL on this machine is asked whether it is `errorflow proxy`
/// only when this user's registry holds a running proxy on its port; the answer counts only when it proves the
/// registration's secret and names its target; no answer in time means nobody knows, and then a transfer is not
/// sent (docs/decisions/0095, 0111).
@Suite("Whether a base URL is a proxy", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ProxyQuestionTests {
    @Test func aRegisteredProxysProvenAnswerNamesTheBackendBehindIt() async throws {
        let (registry, registration, folder) = try makeRegistry()
        let spy = Self.answering(with: registration)

        let answer = await ProxiedBackend.ask(Self.loopback, registry: registry, transport: spy)

        #expect(answer == .proxy(try #require(URL(string: "https://api.example.com/base"))))
        #expect(spy.requests.map(\.url.absoluteString) == ["http://127.0.0.1:8081/_proxy/target"])
        #expect(spy.requests.first?.bodyLimit == 4096, "its answer is read within a small bound")
        _ = folder
    }

    /// The proxy answers at its root, and forwards a base path after its target's: `P/api` reaches `TARGET/api`.
    @Test func aProxyIsKnownWhateverBasePathTheScreensUse() async throws {
        let (registry, registration, folder) = try makeRegistry()
        let spy = Self.answering(with: registration)
        let underAPath = try #require(URL(string: "http://127.0.0.1:8081/api/"))

        let answer = await ProxiedBackend.ask(underAPath, registry: registry, transport: spy)

        #expect(answer == .proxy(try #require(URL(string: "https://api.example.com/base/api"))))
        #expect(spy.requests.map(\.url.path) == ["/_proxy/target"])
        _ = folder
    }

    @Test func aBaseURLWithNoRunningProxyRegisteredOnItsPortIsNeverAsked() async throws {
        let (registry, registration, folder) = try makeRegistry()
        var gone = registration
        gone.pid = Int32.max
        let stale = ProxyRegistry(folder: folder.url.appendingPathComponent("stale"))
        try stale.register(gone)
        let spy = Self.answering(with: registration)
        let otherPort = try #require(URL(string: "http://127.0.0.1:8082"))

        #expect(await ProxiedBackend.ask(otherPort, registry: registry, transport: spy) == .notAProxy)
        #expect(await ProxiedBackend.ask(Self.loopback, registry: stale, transport: spy) == .notAProxy)
        #expect(spy.requests.isEmpty)
    }

    /// A server on the registered port that cannot prove the secret, or names another target, is not the proxy.
    @Test func anAnswerWithoutTheProofOrWithAnotherTargetIsNoProxy() async throws {
        let (registry, registration, folder) = try makeRegistry()
        var impostor = registration
        impostor.secret = ProxyRegistration.randomHex()
        var elsewhere = registration
        elsewhere.target = try #require(URL(string: "https://evil.example.com"))
        let claimsOnly = HTTPClientSpy(
            answering: .json(200, #"{"target":"https://api.example.com/base"}"#, headers: ["ErrorFlow-Proxy": "1"]))

        #expect(await ProxiedBackend.ask(Self.loopback, registry: registry, transport: claimsOnly) == .notAProxy)
        #expect(
            await ProxiedBackend.ask(Self.loopback, registry: registry, transport: Self.answering(with: impostor))
                == .notAProxy)
        #expect(
            await ProxiedBackend.ask(Self.loopback, registry: registry, transport: Self.answering(with: elsewhere))
                == .notAProxy)
        _ = folder
    }

    @Test func aBackendsOwnAnswerAnAnswerTooLongOrNothingListeningMeansItIsNoProxy() async throws {
        let (registry, _, folder) = try makeRegistry()
        let notFound = HTTPClientSpy(answering: .contractError(404, "not_found"))
        let tooLong = HTTPClientSpy(results: [.failure(Self.failure(.bodyTooLarge(limit: 4096)))])
        let nothingListens = HTTPClientSpy(results: [.failure(Self.failure(.offline))])

        #expect(await ProxiedBackend.ask(Self.loopback, registry: registry, transport: notFound) == .notAProxy)
        #expect(await ProxiedBackend.ask(Self.loopback, registry: registry, transport: tooLong) == .notAProxy)
        #expect(await ProxiedBackend.ask(Self.loopback, registry: registry, transport: nothingListens) == .notAProxy)
        _ = folder
    }

    @Test(arguments: [HTTPClientError.Kind.timedOut, .connectionLost, .invalidResponse])
    func noAnswerInTimeFromARegisteredProxyLeavesItUnknown(_ kind: HTTPClientError.Kind) async throws {
        let (registry, _, folder) = try makeRegistry()
        let spy = HTTPClientSpy(results: [.failure(Self.failure(kind))])

        #expect(await ProxiedBackend.ask(Self.loopback, registry: registry, transport: spy) == .unanswered)
        _ = folder
    }

    @Test func aBackendAwayFromThisMachineIsNeverAsked() async throws {
        let (registry, registration, folder) = try makeRegistry()
        let spy = Self.answering(with: registration)

        let answer = await ProxiedBackend.ask(
            try #require(URL(string: "https://api.example.com:8081")), registry: registry, transport: spy)

        #expect(answer == .notAProxy)
        #expect(spy.requests.isEmpty)
        _ = folder
    }

    /// A real run against a registered proxy's port whose server holds the question: the transfer is not sent,
    /// exit 4, one line says why.
    @Test func aTransferIsNotSentWhileARegisteredProxyDoesNotSayWhetherItIsOne() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let gate = AsyncGate(timeLimit: .seconds(170))
        backend.beforeAnswering { request in
            guard request.path == "/_proxy/target" else { return }
            await gate.wait()
        }
        try Self.registry(in: home).register(
            ProxyRegistration.new(target: try #require(URL(string: "http://127.0.0.1:9")), listen: backend.baseURL))

        let run = try await Binary.start(
            ["transfer", "--base-url", url, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "1.00"], home: home.url
        ).finish(timeLimit: .seconds(60))

        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("nothing was sent"), "\(run.stderr)")
        #expect(await backend.transferCount == 0)
        #expect(!backend.requests.contains { $0.path == "/v1/transfers" })
        await gate.open()
        await backend.stop()
    }

    /// A loopback server that claims to be a proxy in front of the user's backend, as the old question believed:
    /// never asked, never given the session; it gets the contract's paths only.
    @Test func anImpostorThatClaimsToBeAProxyNeverReceivesATokenNorTheQuestion() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let impostor = try await LoopbackServer.start { request in
            request.path == "/_proxy/target"
                ? .json(200, #"{"target":"\#(url)"}"#, headers: [("ErrorFlow-Proxy", "1")])
                : .json(404, #"{"error":{"code":"not_found","message":"no"}}"#)
        }

        let run = try await Binary.run(
            ["wallet", "--base-url", impostor.baseURL.absoluteString, "--format", "json"], home: home.url)
        let received = impostor.requests
        await impostor.stop()
        await backend.stop()

        #expect(run.status != 0, "no session there: \(run.stdout)")
        #expect(received.allSatisfy { $0.header("Authorization") == nil }, "\(received.map(\.headers))")
        #expect(received.allSatisfy { $0.path.hasPrefix("/v1/") }, "\(received.map(\.path))")
    }

    /// Road 3 of the second transfer: `proxy --to B` with the screens at `P/api`. The answer is dropped through the
    /// proxy; straight at `B/api` the same write goes out under its key and is answered with the original.
    @Test func aTransferDroppedThroughAProxyUnderABasePathIsMadeOnceStraightAtTheBackend() async throws {
        let backend = try await ContractBackend.start(pathPrefix: "/api")
        let home = TemporaryFolder()
        let proxy = try #require(
            try await ProxyProcess<AppExecutable>.start(
                [
                    "--to", backend.baseURL.absoluteString, "--faults", "POST /api/v1/transfers=drop-answer",
                    "--fault-rate", "1",
                ], home: home.url))
        let proxied = proxy.baseURL + "/api"
        let direct = backend.baseURL.absoluteString + "/api"
        let form = ["--to", "CH93 0076 2011 6238 5295 7", "--amount", "3.00"]
        let signIn = try await Binary.run(["signin", "--base-url", proxied, "--answer", "approve"], home: home.url)

        let lost = try await Binary.run(["transfer", "--base-url", proxied] + form, home: home.url)
        let again = try await Binary.run(["transfer", "--base-url", direct] + form, home: home.url)
        _ = await proxy.stop()
        let made = await backend.transferCount
        await backend.stop()

        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(lost.status != 0, "the answer was dropped: \(lost.stdout)")
        #expect(again.status == 0, "the same write, answered with the original: \(again.stdout)\(again.stderr)")
        #expect(made == 1)
    }

    /// Road 2 of the second transfer: `proxy --to http://localhost:B` drops the answer; at `http://127.0.0.1:B`,
    /// another name of B, `--pending` says where the transfer waits, the same transfer is not sent (exit 4), and
    /// `--pending` under the proxy's target, signed in there again, settles it: made once.
    @Test func aTransferDroppedThroughAProxyToLocalhostIsFoundAndNotMadeAgainAtTheLoopbackAddress() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let port = try #require(backend.baseURL.port)
        let localhost = "http://localhost:\(port)"
        let loopback = backend.baseURL.absoluteString
        let proxy = try #require(
            try await ProxyProcess<AppExecutable>.start(
                ["--to", localhost, "--faults", "POST /v1/transfers=drop-answer", "--fault-rate", "1"], home: home.url))
        let form = ["--to", "CH93 0076 2011 6238 5295 7", "--amount", "4.00"]
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL, "--answer", "approve"], home: home.url)
        let lost = try await Binary.run(["transfer", "--base-url", proxy.baseURL] + form, home: home.url)
        _ = await proxy.stop()
        let signInThere = try await Binary.run(
            ["signin", "--base-url", loopback, "--answer", "approve"], home: home.url)

        let pendingThere = try await Binary.run(["transfer", "--pending", "--base-url", loopback], home: home.url)
        let again = try await Binary.run(["transfer", "--base-url", loopback] + form, home: home.url)
        _ = try await Binary.run(["signin", "--base-url", localhost, "--answer", "approve"], home: home.url)
        let settled = try await Binary.run(["transfer", "--pending", "--base-url", localhost], home: home.url)
        let made = await backend.transferCount
        await backend.stop()

        #expect(signIn.status == 0 && signInThere.status == 0, "\(signIn.stderr)\(signInThere.stderr)")
        #expect(lost.status != 0, "the answer was dropped: \(lost.stdout)")
        #expect(
            pendingThere.stderr.contains("to \(localhost), another name, waits there"),
            "\(pendingThere.stdout)\(pendingThere.stderr)")
        #expect(again.status == 4, "\(again.stdout)\(again.stderr)")
        #expect(settled.status == 0, "\(settled.stdout)\(settled.stderr)")
        #expect(made == 1, "made once, whatever the backend was called")
    }

    /// The running proxy's registration is 0600 in a 0700 folder, and it is gone once the proxy stops.
    @Test func aProxyRegistersPrivatelyWhileItRunsAndWithdrawsWhenItStops() async throws {
        let home = TemporaryFolder()
        let proxy = try #require(
            try await ProxyProcess<AppExecutable>.start(["--to", "http://127.0.0.1:9"], home: home.url))
        let port = try #require(URL(string: proxy.baseURL)?.port)
        let file = Self.registry(in: home).file(port: port)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions]
            as? Int
        let registered = Self.registry(in: home).registration(port: port)

        _ = await proxy.stop()

        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(registered?.target.absoluteString == "http://127.0.0.1:9")
        #expect(!FileManager.default.fileExists(atPath: file.path), "withdrawn when it stopped")
    }

    // MARK: - Helpers

    private static let loopback = URL(string: "http://127.0.0.1:8081") ?? URL(fileURLWithPath: "/")

    /// A registry in a folder of its own holding a proxy of this process on 8081 in front of
    /// `https://api.example.com/base`.
    private func makeRegistry() throws -> (ProxyRegistry, ProxyRegistration, TemporaryFolder) {
        let folder = TemporaryFolder()
        let registry = ProxyRegistry(folder: folder.url.appendingPathComponent("proxies"))
        let registration = ProxyRegistration.new(
            target: try #require(URL(string: "https://api.example.com/base")), listen: Self.loopback)
        try registry.register(registration)
        return (registry, registration, folder)
    }

    /// The registry a run in `home` reads (the executables' `XDG_STATE_HOME` is `home/state`).
    private static func registry(in home: TemporaryFolder) -> ProxyRegistry {
        ProxyRegistry(folder: home.url.appendingPathComponent("state/errorflow/proxies"))
    }

    /// A proxy that holds `registration`'s secret: it proves the challenge it is asked and names its target.
    private static func answering(with registration: ProxyRegistration) -> HTTPClientSpy {
        HTTPClientSpy { request, _ in
            let challenge = request.headers["ErrorFlow-Proxy-Challenge"] ?? ""
            return .json(
                200, #"{"target":"\#(registration.target.absoluteString)"}"#,
                headers: ["ErrorFlow-Proxy": registration.proof(of: challenge)])
        }
    }

    private static func failure(_ kind: HTTPClientError.Kind) -> HTTPClientError {
        HTTPClientError(
            kind: kind,
            context: HTTPErrorContext(request: HTTPRequest(method: .get, url: loopback.appendingPathComponent("x"))))
    }
}
