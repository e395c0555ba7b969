import Composition
import Foundation
import Networking
import TestSupport
import Testing

/// Promise: a keyed write is filed under the backend it reaches. A base URL on this machine is asked whether it is
/// `errorflow proxy`; an answer that is not a proxy's, or nothing listening, means it is the backend itself; no
/// answer in time means nobody knows, and then a transfer is not sent, since its pending write could be filed
/// under the proxy while the backend made it (docs/decisions/0095).
@Suite("Whether a base URL is a proxy", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ProxyQuestionTests {
    @Test func aProxysAnswerNamesTheBackendBehindIt() async throws {
        let spy = HTTPClientSpy(
            answering: .json(200, #"{"target":"https://api.example.com/base"}"#, headers: ["ErrorFlow-Proxy": "1"]))

        let answer = await ProxiedBackend.ask(Self.loopback, transport: spy)

        #expect(answer == .proxy(try #require(URL(string: "https://api.example.com/base"))))
        #expect(spy.requests.map(\.url.path) == ["/_proxy/target"])
    }

    @Test func aBackendsOwnAnswerOrNothingListeningMeansItIsNoProxy() async {
        let notFound = HTTPClientSpy(answering: .contractError(404, "not_found"))
        let withoutTheHeader = HTTPClientSpy(answering: .json(200, #"{"target":"https://api.example.com"}"#))
        let nothingListens = HTTPClientSpy(results: [.failure(Self.failure(.offline))])

        #expect(await ProxiedBackend.ask(Self.loopback, transport: notFound) == .notAProxy)
        #expect(await ProxiedBackend.ask(Self.loopback, transport: withoutTheHeader) == .notAProxy)
        #expect(await ProxiedBackend.ask(Self.loopback, transport: nothingListens) == .notAProxy)
    }

    @Test(arguments: [HTTPClientError.Kind.timedOut, .connectionLost, .invalidResponse])
    func noAnswerInTimeLeavesItUnknown(_ kind: HTTPClientError.Kind) async {
        let spy = HTTPClientSpy(results: [.failure(Self.failure(kind))])

        #expect(await ProxiedBackend.ask(Self.loopback, transport: spy) == .unanswered)
    }

    @Test func aBackendAwayFromThisMachineIsNeverAsked() async throws {
        let spy = HTTPClientSpy(answering: .json(200, "{}"))

        let answer = await ProxiedBackend.ask(try #require(URL(string: "https://api.example.com")), transport: spy)

        #expect(answer == .notAProxy)
        #expect(spy.requests.isEmpty)
    }

    /// A real run against a backend that holds the question: the transfer is not sent, exit 4, one line says why.
    @Test func aTransferIsNotSentWhileTheBaseURLDoesNotSayWhetherItIsAProxy() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let gate = AsyncGate(timeLimit: .seconds(170))
        backend.beforeAnswering { request in
            guard request.path == "/_proxy/target" else { return }
            await gate.wait()
        }

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

    private static let loopback = URL(string: "http://127.0.0.1:8081") ?? URL(fileURLWithPath: "/")

    private static func failure(_ kind: HTTPClientError.Kind) -> HTTPClientError {
        HTTPClientError(
            kind: kind,
            context: HTTPErrorContext(request: HTTPRequest(method: .get, url: loopback.appendingPathComponent("x"))))
    }
}
