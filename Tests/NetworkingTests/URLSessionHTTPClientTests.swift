import Foundation
import Logging
import SharedError
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(
    "URLSessionHTTPClient against a real loopback server", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct URLSessionHTTPClientTests {
    @Test func returnsStatusHeadersAndBodyAndSendsTheRequestAsGiven() async throws {
        let server = try await LoopbackServer.start { _ in .json(201, #"{"id":"w-1"}"#, headers: [("X-Trace", "t-1")]) }
        let sut = makeSUT()
        let request = HTTPRequest(
            method: .post, url: server.url("/v1/things"), headers: ["Authorization": "Bearer abc"],
            body: Data("{}".utf8))

        let result = await sut.outcome(of: request)
        await server.stop()

        let response = try #require(result.value)
        #expect(response.status == 201)
        #expect(response.headers["x-trace"] == "t-1")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"id":"w-1"}"#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/v1/things")
        #expect(received.header("Authorization") == "Bearer abc")
        #expect(received.header("X-Request-ID") == request.id)
        #expect(received.body == Data("{}".utf8))
    }

    @Test func aNonJSON502PageBecomesAServerErrorWithABoundedExcerpt() async throws {
        let page = "<html><head><title>502 Bad Gateway</title></head><body>" + String(repeating: "nginx ", count: 300)
        let server = try await LoopbackServer.start { _ in .text(502, page) }
        let sut = StatusCodeMappingHTTPClient(decoratee: makeSUT(), logger: quietLogger)

        let result = await sut.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/payment-cards")))
        await server.stop()

        let error = try #require(result.error)
        #expect(error.kind == .server(status: 502))
        #expect(error.context.serverCode == nil)
        #expect(error.context.bodyExcerpt?.hasPrefix("<html><head><title>502 Bad Gateway") == true)
        #expect((error.context.bodyExcerpt?.utf8.count ?? .max) <= 260)
    }

    @Test func aServerSlowerThanTheDeadlineTimesOut() async throws {
        let server = try await LoopbackServer.start { _ in ScriptedResponse(delayBeforeHead: .seconds(2)) }
        let clock = SystemHTTPClock()
        var request = HTTPRequest(method: .get, url: server.url("/v1/wallet"))
        request.deadline = clock.now + .milliseconds(300)

        let result = await makeSUT().outcome(of: request)
        await server.stop()

        #expect(result.error?.kind == .timedOut)
        #expect(result.error?.context.underlying == "deadline passed during transfer", "the deadline ended it")
    }

    @Test func aBodyThatTricklesPastTheDeadlineTimesOut() async throws {
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(body: Data(repeating: 0x41, count: 1_000), pieces: 10, pieceDelay: .milliseconds(150))
        }
        var request = HTTPRequest(method: .get, url: server.url("/v1/payment-cards"))
        request.deadline = SystemHTTPClock().now + .milliseconds(400)

        let result = await makeSUT().outcome(of: request)
        await server.stop()

        #expect(result.error?.kind == .timedOut)
        #expect(result.error?.context.underlying == "deadline passed during transfer", "the deadline ended it")
    }

    /// FoundationNetworking truncates `timeoutInterval` to whole seconds, so a 0.9 s interval would time out at
    /// once; the request gets at least a second more than the time left, and the watchdog keeps the exact deadline
    /// (``aBodyThatTricklesPastTheDeadlineTimesOut``).
    @Test(arguments: [100, 900, 1_500, 30_000])
    func aSubSecondDeadlineIsNeverTruncatedToNothing(milliseconds: Int) {
        let timeLeft = Duration.milliseconds(milliseconds)

        let interval = makeSUT().urlRequest(for: .get("/v1/wallet"), timeout: timeLeft).timeoutInterval

        #expect(interval >= 1 + Double(milliseconds) / 1_000, "\(interval) s for \(timeLeft)")
    }

    @Test func aRefusedConnectionIsOffline() async throws {
        let url = try await ClosedPort.url().appendingPathComponent("/v1/wallet")
        let probe = JourneyProbe()

        let result = await TransportJourneyHTTPClient(decoratee: makeSUT(), logger: probe.logger).outcome(
            of: HTTPRequest(method: .get, url: url))

        #expect(result.error?.kind == .offline)
        #expect(result.error?.kind.appWideCondition == .offline)
        #expect(probe.events().map(\.to) == ["HTTPClientError.offline"])
    }

    /// The connection closes, or is reset, after the request was read and before any answer: the request may have
    /// been acted on, so it is a lost connection (retried when idempotent), on Linux as on Apple platforms.
    @Test(arguments: [FaultyProxy.Fault.emptyReply, .reset])
    func noAnswerAtAllIsALostConnection(_ fault: FaultyProxy.Fault) async throws {
        let server = try await LoopbackServer.start { _ in .json(200, "{}") }
        let proxy = try FaultyProxy(upstream: server.baseURL)
        proxy.failNext("POST /v1/transfers", with: fault)

        let result = await makeSUT().outcome(
            of: .postJSON(proxy.baseURL, "/v1/transfers", body: ["amount": "1.00"]))

        #expect(result.error?.kind == .connectionLost)
        proxy.stop()
        await server.stop()
    }

    @Test func bytesThatAreNotHTTPAreAnInvalidResponse() async throws {
        let server = try await LoopbackServer.start { _ in .json(200, "{}") }
        let proxy = try FaultyProxy(upstream: server.baseURL)
        proxy.failNext("GET /v1/wallet", with: .notHTTP)

        let result = await makeSUT().outcome(of: HTTPRequest(method: .get, url: proxy.url("/v1/wallet")))

        #expect(result.error?.kind == .invalidResponse)
        proxy.stop()
        await server.stop()
    }

    /// A declared length over the limit is refused at the head: the body here would only come after the call's
    /// deadline, so without that check the call would end as a timeout instead.
    @Test func anOversizedDeclaredBodyIsRefusedAtItsHead() async throws {
        let body = Data(repeating: 0x42, count: 64 * 1024)
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(body: body, pieces: 2, pieceDelay: .seconds(40), declaresLength: true)
        }
        let sut = makeSUT(configuration: .init(maximumBodyBytes: 4 * 1024, defaultTimeout: .seconds(15)))

        let result = await sut.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/payment-cards")))
        await server.stop()

        #expect(result.error?.kind == .bodyTooLarge(limit: 4 * 1024))
    }

    /// A chunked body announces no length: only counting the bytes as they come can refuse it.
    @Test func anOversizedStreamedBodyIsRefusedAsItArrives() async throws {
        let body = Data(repeating: 0x42, count: 64 * 1024)
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(body: body, pieces: 8, pieceDelay: .milliseconds(1), declaresLength: false)
        }
        let sut = makeSUT(configuration: .init(maximumBodyBytes: 4 * 1024))

        let result = await sut.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/payment-cards")))
        await server.stop()

        #expect(result.error?.kind == .bodyTooLarge(limit: 4 * 1024))
    }

    @Test(arguments: [true, false])
    func aStreamedBodyDeclaresItsLengthOnlyWhenAskedTo(_ declaresLength: Bool) async throws {
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(
                body: Data("0123456789".utf8), pieces: 2, pieceDelay: .milliseconds(1),
                declaresLength: declaresLength)
        }

        let result = await makeSUT().outcome(of: HTTPRequest(method: .get, url: server.url("/v1/wallet")))
        await server.stop()

        #expect(result.value?.body == Data("0123456789".utf8))
        #expect((result.value?.headers["Content-Length"] != nil) == declaresLength)
    }

    @Test func cancellingTheCallerEndsTheTransfer() async throws {
        let server = try await LoopbackServer.start { _ in ScriptedResponse(delayBeforeHead: .seconds(5)) }
        let sut = makeSUT()

        let call = Task { await sut.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/wallet"))) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        call.cancel()
        let result = await call.value
        await server.stop()

        #expect(result.error?.kind == .cancelled)
    }

    @Test(arguments: [301, 302, 307, 308])
    func aRedirectIsNeverFollowedSoTheTokenStaysWithItsOrigin(status: Int) async throws {
        let elsewhere = try await LoopbackServer.start { _ in .json(200, #"{"id":"w-evil"}"#) }
        let origin = try await LoopbackServer.start { _ in
            ScriptedResponse(status: status, headers: [("Location", elsewhere.url("/v1/wallet").absoluteString)])
        }
        let sut = StatusCodeMappingHTTPClient(decoratee: makeSUT(), logger: quietLogger)
        let request = HTTPRequest(
            method: .get, url: origin.url("/v1/wallet"), headers: ["Authorization": "Bearer secret-bearer"])

        let result = await sut.outcome(of: request)
        await origin.stop()
        await elsewhere.stop()

        #expect(result.error?.kind == .unexpectedStatus(status), "a 3xx is a typed error, not a silent hop")
        #expect(origin.requests.count == 1)
        #expect(elsewhere.requests.isEmpty, "the other origin never hears from us, let alone our token")
    }

    // Quality bar 10, for transport failures.
    @Test func transportErrorsCarryTheirContext() async throws {
        let url = try #require(URL(string: try await ClosedPort.url().absoluteString + "/v1/me?token=secret-value"))
        var request = HTTPRequest(method: .get, url: url)
        request.attempt = 2

        let error = try #require(await makeSUT().outcome(of: request).error)

        #expect(error.context.method == .get)
        #expect(error.context.url.hasSuffix("/v1/me?token=[redacted]"))
        #expect(error.context.attempt == 2)
        #expect(error.context.requestID == request.id)
        #expect(error.context.underlying == "URLError.cannotConnectToHost")
        #expect(!error.debugDescription.contains("secret-value"))
    }

    private func makeSUT(configuration: URLSessionHTTPClient.Configuration = .init()) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: configuration)
    }
}
