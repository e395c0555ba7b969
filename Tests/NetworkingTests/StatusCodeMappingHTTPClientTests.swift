import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@Suite("StatusCodeMappingHTTPClient", .journeyProbe)
struct StatusCodeMappingHTTPClientTests {
    @Test(arguments: [200, 201, 202, 204, 299])
    func passesEverySuccessStatusThrough(_ status: Int) async {
        let response = HTTPResponse.json(status, #"{"ok":true}"#)
        let (sut, _, _) = makeSUT(answering: response)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value == response)
    }

    @Test(arguments: [
        (401, HTTPClientError.Kind.unauthorized), (403, .forbidden), (404, .notFound), (408, .requestTimeout),
        (409, .conflict), (429, .tooManyRequests), (500, .server(status: 500)), (502, .server(status: 502)),
        (503, .server(status: 503)), (504, .server(status: 504)), (599, .server(status: 599)),
        (304, .unexpectedStatus(304)), (400, .unexpectedStatus(400)), (418, .unexpectedStatus(418)),
    ])
    func mapsEveryErrorStatusToItsKind(_ status: Int, _ kind: HTTPClientError.Kind) async {
        let (sut, _, _) = makeSUT(answering: .contractError(status, "some_code"))

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == kind)
        #expect(result.error?.context.status == status)
    }

    @Test func keepsTheContractErrorCode() async {
        let (sut, _, _) = makeSUT(answering: .contractError(403, "wallet_banned"))

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.context.serverCode == "wallet_banned")
    }

    @Test func anHTMLErrorPageHasNoCodeAndABoundedExcerpt() async throws {
        let page = "<html><body>" + String(repeating: "Bad gateway. ", count: 200) + "</body></html>"
        let (sut, _, _) = makeSUT(answering: HTTPResponse(status: 502, body: Data(page.utf8)))

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        let error = try #require(result.error)
        #expect(error.kind == .server(status: 502))
        #expect(error.context.serverCode == nil)
        let excerpt = try #require(error.context.bodyExcerpt)
        #expect(excerpt.hasPrefix("<html>"))
        #expect(excerpt.utf8.count <= 256 + "…".utf8.count)
    }

    @Test func aCodeThatIsNotAnIdentifierIsNotKept() async {
        let (sut, _, _) = makeSUT(answering: .json(409, #"{"error":"you sent ada@example.com twice"}"#))

        let result = await sut.outcome(of: .post("/v1/auth/apple"))

        #expect(result.error?.context.serverCode == nil)
    }

    @Test(arguments: [
        ("3", RetryAfter.seconds(3)),
        ("Sun, 06 Nov 1994 08:49:37 GMT", .date(Date(timeIntervalSince1970: 784_111_777))),
    ])
    func keepsRetryAfter(_ header: String, _ expected: RetryAfter) async {
        let (sut, _, _) = makeSUT(answering: .contractError(429, "slow_down", headers: ["Retry-After": header]))

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.context.retryAfter == expected)
    }

    @Test func recordsTheMappingInTheJourney() async {
        let (sut, _, probe) = makeSUT(answering: .contractError(403, "wallet_banned"))

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(
            probe.events() == [
                ErrorJourneyEvent(
                    layer: .networking, module: "Networking", action: .mapped, from: "HTTP 403 wallet_banned",
                    to: "HTTPClientError.forbidden", category: .unhandleable, origin: .backend)
            ])
    }

    @Test func forwardsTransportFailuresUnchanged() async {
        let failure = HTTPClientError(kind: .offline, context: HTTPErrorContext(request: .get("/v1/wallet")))
        let spy = HTTPClientSpy(results: [.failure(failure)])
        let sut = StatusCodeMappingHTTPClient(decoratee: spy, logger: quietLogger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error == failure)
    }

    @Test func sendsTheRequestOnceAndUnchanged() async {
        let (sut, spy, _) = makeSUT(answering: .json(200, "{}"))
        let request = HTTPRequest.get("/v1/me", headers: ["Accept": "application/json"])

        _ = await sut.outcome(of: request)

        #expect(spy.requests == [request])
    }

    private func makeSUT(answering response: HTTPResponse) -> (StatusCodeMappingHTTPClient, HTTPClientSpy, JourneyProbe)
    {
        let spy = HTTPClientSpy(answering: response)
        let probe = JourneyProbe()
        return (StatusCodeMappingHTTPClient(decoratee: spy, logger: probe.logger), spy, probe)
    }
}

@Suite("ErrorEnvelopeMappingHTTPClient", .journeyProbe)
struct ErrorEnvelopeMappingHTTPClientTests {
    @Test(arguments: ["SERVICE_DOWN", "CARDS_LOCKED", "SOMETHING_NEW"])
    func turnsAnErrorEnvelopeIntoATypedError(_ code: String) async {
        let (sut, probe) = makeSUT(answering: .json(200, #"{"status":"error","code":"\#(code)","message":"no"}"#))

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.error?.kind == .errorEnvelope(code: code))
        #expect(probe.events().map(\.to) == ["HTTPClientError.errorEnvelope(\(code))"])
    }

    @Test(arguments: [
        #"{"status":"ok","cards":[]}"#, #"{"cards":[]}"#, "<html>not json</html>", "",
        #"{"status":"ok","cards":[{"holderName":"error"}]}"#,
    ])
    func passesAnythingElseThrough(_ body: String) async {
        let response = HTTPResponse.json(200, body)
        let (sut, probe) = makeSUT(answering: response)

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.value == response)
        #expect(probe.events().isEmpty)
    }

    @Test(arguments: [
        #"{"status":"\u0065rror","code":"SERVICE_DOWN"}"#, #"{"status" : "error" , "code":"SERVICE_DOWN"}"#,
        #"{"code":"SERVICE_DOWN","status":"erro\u0072"}"#,
    ])
    func anErrorStatusIsReadHoweverItIsWritten(_ body: String) async {
        let (sut, _) = makeSUT(answering: .json(200, body))

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.error?.kind == .errorEnvelope(code: "SERVICE_DOWN"))
    }

    @Test func aMissingOrStrangeCodeBecomesUnknown() async {
        let (sut, _) = makeSUT(answering: .json(200, #"{"status":"error","code":"<script>"}"#))

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.error?.kind == .errorEnvelope(code: "UNKNOWN"))
    }

    private func makeSUT(answering response: HTTPResponse) -> (ErrorEnvelopeMappingHTTPClient, JourneyProbe) {
        let probe = JourneyProbe()
        return (
            ErrorEnvelopeMappingHTTPClient(decoratee: HTTPClientSpy(answering: response), logger: probe.logger), probe
        )
    }
}
