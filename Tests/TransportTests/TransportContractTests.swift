import AsyncHTTPTransport
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// One contract, run against every transport the app can use, the way one store spec runs against every store: the
/// decorators above a transport rely on exactly this, whichever one the platform gets.
@Suite("Every transport keeps the transport contract", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct TransportContractTests {
    @Test(arguments: TransportUnderTest.allCases)
    func returnsStatusHeadersAndBodyAndSendsTheRequestAsGiven(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            .json(201, #"{"ok":true}"#, headers: [("X-Answer", "forty-two")])
        }
        let sut = transport.make()
        var request = HTTPRequest.postJSON(server.baseURL, "/v1/transfers", body: ["amount": "1.00"])
        request.headers[HeaderName.idempotencyKey] = "key-1"

        let response = try await sut.client.send(request)

        #expect(response.status == 201)
        #expect(response.headers["x-answer"] == "forty-two")
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST" && received.path == "/v1/transfers")
        #expect(received.body == request.body)
        #expect(received.header("Idempotency-Key") == "key-1")
        #expect(received.header("X-Request-ID") == request.id)
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func everyStatusIsAnAnswerForTheDecoratorsToJudge(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in .text(502, "<html>Bad gateway</html>") }
        let sut = transport.make()

        let response = try await sut.client.send(.getJSON(server.baseURL, "/v1/wallet"))

        #expect(response.status == 502)
        #expect(String(decoding: response.body, as: UTF8.self) == "<html>Bad gateway</html>")
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases, [301, 302, 307, 308])
    func aRedirectIsReturnedNeverFollowed(_ transport: TransportUnderTest, status: Int) async throws {
        let elsewhere = try await LoopbackServer.start { _ in .json(200, "{}") }
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(status: status, headers: [("Location", elsewhere.url("/steal").absoluteString)])
        }
        let sut = transport.make()
        var request = HTTPRequest.getJSON(server.baseURL, "/v1/me")
        request.headers[HeaderName.authorization] = "Bearer secret-token"

        let response = try await sut.client.send(request)

        #expect(response.status == status)
        #expect(elsewhere.requests.isEmpty, "the token never reached another origin")
        await sut.close()
        await server.stop()
        await elsewhere.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aRefusedConnectionIsOffline(_ transport: TransportUnderTest) async throws {
        let closed = try await ClosedPort.url()
        let sut = transport.make()

        let result = await sut.client.outcome(of: .getJSON(closed, "/v1/wallet"))

        #expect(result.error?.kind == .offline)
        #expect(result.error?.context.underlying?.isEmpty == false, "the transport names its own failure")
        await sut.close()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aServerSlowerThanTheDeadlineTimesOutAtIt(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in ScriptedResponse(delayBeforeHead: .seconds(20)) }
        let sut = transport.make()
        let clock = ContinuousClock()
        let started = clock.now

        let result = await sut.client.outcome(
            of: transport.withDeadline(.milliseconds(400), .getJSON(server.baseURL, "/")))

        #expect(result.error?.kind == .timedOut)
        #expect(clock.now - started < .seconds(5), "ended at the deadline, not the server's pace")
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aBodyThatTricklesForeverEndsAtTheDeadline(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            .produced { send in
                while true {
                    try await send(Data("x".utf8))
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
        }
        let sut = transport.make()

        let result = await sut.client.outcome(
            of: transport.withDeadline(.milliseconds(600), .getJSON(server.baseURL, "/")))

        #expect(result.error?.kind == .timedOut)
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aDeclaredLengthOverTheLimitIsRefusedAtTheHead(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(body: Data(repeating: 0x41, count: 64 * 1024), pieces: 4, pieceDelay: .seconds(20))
        }
        let sut = transport.make(maximumBodyBytes: 16 * 1024)

        let result = await sut.client.outcome(of: transport.withDeadline(.seconds(10), .getJSON(server.baseURL, "/")))

        #expect(result.error?.kind == .bodyTooLarge(limit: 16 * 1024), "refused before the slow body came")
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aChunkedBodyOverTheLimitIsCutOffAsItStreams(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            .produced { send in
                for _ in 0..<64 { try await send(Data(repeating: 0x41, count: 4 * 1024)) }
            }
        }
        let sut = transport.make(maximumBodyBytes: 16 * 1024)

        let result = await sut.client.outcome(of: .getJSON(server.baseURL, "/"))

        #expect(result.error?.kind == .bodyTooLarge(limit: 16 * 1024))
        await sut.close()
        await server.stop()
    }

    /// A call that allows fewer bytes than the transport (the proxy question's 4 KiB) is held to its own bound.
    @Test(arguments: TransportUnderTest.allCases)
    func aCallsOwnBodyLimitHoldsBelowTheTransports(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            .produced { send in
                for _ in 0..<16 { try await send(Data(repeating: 0x41, count: 1024)) }
            }
        }
        let sut = transport.make()
        var request = HTTPRequest.getJSON(server.baseURL, "/")
        request.bodyLimit = 4096

        let result = await sut.client.outcome(of: request)

        #expect(result.error?.kind == .bodyTooLarge(limit: 4096))
        await sut.close()
        await server.stop()
    }

    /// 8 MiB of zeros in about 50 KiB of gzip, against a 4 MiB limit: refused, not inflated.
    @Test(arguments: TransportUnderTest.allCases)
    func aCompressedBodyThatInflatesPastTheLimitIsRefused(_ transport: TransportUnderTest) async throws {
        let bomb = Gzip.zeros(count: 8 << 20)
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(headers: [("Content-Encoding", "gzip")], body: bomb)
        }
        let sut = transport.make()

        let result = await sut.client.outcome(of: .getJSON(server.baseURL, "/"))

        #expect(result.error?.kind == .bodyTooLarge(limit: 4 << 20))
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aCompressedBodyWithinTheLimitIsInflated(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(headers: [("Content-Encoding", "gzip")], body: Gzip.zeros(count: 100_000))
        }
        let sut = transport.make()

        let response = try await sut.client.send(.getJSON(server.baseURL, "/"))

        #expect(response.body == Data(count: 100_000))
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func cancellingTheCallerEndsTheCall(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in ScriptedResponse(delayBeforeHead: .seconds(20)) }
        let sut = transport.make()

        let call = Task { await sut.client.outcome(of: .getJSON(server.baseURL, "/")) }
        await eventually("the request reached the server") { !server.requests.isEmpty }
        call.cancel()

        #expect(await call.value.error?.kind == .cancelled)
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases, [FaultyProxy.Fault.emptyReply, .reset])
    func noAnswerAtAllIsALostConnection(_ transport: TransportUnderTest, fault: FaultyProxy.Fault) async throws {
        let server = try await LoopbackServer.start { _ in .json(200, "{}") }
        let proxy = try FaultyProxy(upstream: server.baseURL)
        proxy.failNext("POST /v1/transfers", with: fault)
        let sut = transport.make()

        let result = await sut.client.outcome(of: .postJSON(proxy.baseURL, "/v1/transfers", body: ["a": "1"]))

        #expect(result.error?.kind == .connectionLost)
        await sut.close()
        proxy.stop()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aBodyThatStopsShortIsALostConnection(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in
            ScriptedResponse(body: Data(repeating: 0x41, count: 2_048), dropsConnection: true)
        }
        let sut = transport.make()

        let result = await sut.client.outcome(of: .getJSON(server.baseURL, "/"))

        #expect(result.error?.kind == .connectionLost)
        await sut.close()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases)
    func bytesThatAreNotHTTPAreAnInvalidResponse(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start { _ in .json(200, "{}") }
        let proxy = try FaultyProxy(upstream: server.baseURL)
        proxy.failNext("GET /v1/wallet", with: .notHTTP)
        let sut = transport.make()

        let result = await sut.client.outcome(of: .getJSON(proxy.baseURL, "/v1/wallet"))

        #expect(result.error?.kind == .invalidResponse)
        await sut.close()
        proxy.stop()
        await server.stop()
    }

    @Test(arguments: TransportUnderTest.allCases.filter(\.sendsToIPv6))
    func anIPv6LoopbackBackendAnswers(_ transport: TransportUnderTest) async throws {
        let server = try await LoopbackServer.start(address: "::1") { _ in .json(200, #"{"v6":true}"#) }
        let sut = transport.make()

        let response = try await sut.client.send(.getJSON(server.baseURL, "/v1/wallet"))

        #expect(server.baseURL.absoluteString.hasPrefix("http://[::1]:"))
        #expect(response.status == 200)
        #expect(response.body == Data(#"{"v6":true}"#.utf8))
        await sut.close()
        await server.stop()
    }
}

/// A transport the contract runs against, made fresh for one test and closed at its end.
enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient, urlSession

    var testDescription: String { rawValue }

    /// Whether it can send to a bracketed IPv6 host here: FoundationNetworking refuses one (`badURL`).
    var sendsToIPv6: Bool {
        #if canImport(FoundationNetworking)
            self == .asyncHTTPClient
        #else
            true
        #endif
    }

    func make(maximumBodyBytes: Int = 4 << 20) -> (client: any HTTPClient, close: @Sendable () async -> Void) {
        switch self {
        case .asyncHTTPClient:
            let client = AsyncHTTPClientTransport(configuration: .init(maximumBodyBytes: maximumBodyBytes))
            return (client, { await client.shutdown() })
        case .urlSession:
            return (URLSessionHTTPClient(configuration: .init(maximumBodyBytes: maximumBodyBytes)), {})
        }
    }

    /// `request` with a deadline `after` from now, as the deadline decorator stamps it.
    func withDeadline(_ after: Duration, _ request: HTTPRequest) -> HTTPRequest {
        var stamped = request
        stamped.deadline = SystemHTTPClock().now + after
        return stamped
    }
}
