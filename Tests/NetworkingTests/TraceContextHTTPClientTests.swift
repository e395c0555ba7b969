import Foundation
import Networking
import SharedError
import TestSupport
import Testing
import W3CTraceContext

/// Every request carries a W3C `traceparent`: the screen load's trace id, in every attempt of the call.
@Suite("Every request carries the screen load's trace", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct TraceContextHTTPClientTests {
    @Test func writesAW3CTraceParentWithTheCurrentTraceID() async throws {
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = TraceContextHTTPClient(decoratee: spy)

        let trace = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
            _ = await sut.outcome(of: .get("/v1/wallet"))
            return ScreenTrace.currentID
        }

        let header = try #require(spy.requests.first?.headers[HeaderName.traceParent])
        #expect(header.split(separator: "-").map(\.count) == [2, 32, 16, 2], "version-traceid-parentid-flags")
        #expect(header.hasPrefix("00-") && header.hasSuffix("-01"), "version 00, sampled")
        #expect(spy.requests.first?.traceID == trace)
    }

    @Test func eachCallOfOneLoadSharesTheTraceWithASpanOfItsOwn() async throws {
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = TraceContextHTTPClient(decoratee: spy)

        await ScreenTrace.with(ScreenTrace.start()) {
            _ = await sut.outcome(of: .get("/v1/wallet"))
            _ = await sut.outcome(of: .get("/v1/payment-cards"))
        }

        let headers = spy.requests.compactMap { $0.headers[HeaderName.traceParent] }
        #expect(Set(spy.requests.map(\.traceID)).count == 1)
        #expect(Set(headers).count == 2, "two calls, two spans")
    }

    @Test func aCallOutsideAnyLoadGetsATraceOfItsOwn() async {
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = TraceContextHTTPClient(decoratee: spy)

        _ = await sut.outcome(of: .get("/v1/me"))
        _ = await sut.outcome(of: .get("/v1/me"))

        #expect(spy.requests.allSatisfy { $0.traceID != nil })
        #expect(Set(spy.requests.map(\.traceID)).count == 2)
    }

    /// The header is written byte by byte (one allocation a call); it must be what swift-w3c-trace-context writes
    /// for the same trace id, span id and flags, for any of them.
    @Test(arguments: [UInt64(0), 1, 0xDEAD_BEEF, .max])
    func theHeaderIsTheValueTheLibraryWrites(_ seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = TraceContextHTTPClient(decoratee: spy)
        var traces: [TraceContext] = []
        for _ in 0..<200 {
            let trace = TraceContext(
                traceID: .random(using: &random), spanID: .random(using: &random),
                flags: TraceFlags(rawValue: UInt8.random(in: 0...255, using: &random)), state: TraceState())
            traces.append(trace)
            await ScreenTrace.with(trace) { _ = await sut.outcome(of: .get("/v1/wallet")) }
        }

        for (trace, request) in zip(traces, spy.requests) {
            let header = try #require(request.headers[HeaderName.traceParent])
            let read = try TraceContext(traceParentHeaderValue: header)
            #expect(header == read.traceParentHeaderValue, "the library writes what it read back alike")
            #expect(read.traceID == trace.traceID && read.flags == trace.flags)
        }
        #expect(spy.requests.count == 200)
    }

    @Test func aMalformedTraceParentNamesNoTrace() {
        let request = HTTPRequest.get("/", headers: [HeaderName.traceParent: "00-zz-not-a-trace"])

        #expect(request.traceID == nil)
    }

    @Test func anErrorCarriesTheTraceIDInItsDiagnostic() async throws {
        let spy = HTTPClientSpy(answering: .contractError(500, "internal"))
        let sut = makeChain(spy)

        let (trace, error) = await ScreenTrace.with(ScreenTrace.start()) {
            () async -> (String?, HTTPClientError?) in
            (ScreenTrace.currentID, await sut.plain.outcome(of: .post("/v1/auth/apple")).error)
        }

        #expect(try #require(error).diagnostic.traceID == trace)
        #expect(error?.diagnostic.description.hasSuffix("trace \(trace ?? "")") == true)
    }

    @Test func everyRetryCarriesTheSameTraceParent() async throws {
        let spy = HTTPClientSpy { _, index in index < 2 ? .contractError(503, "busy") : .json(200, "{}") }
        let sut = makeChain(spy)

        let trace = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
            _ = await sut.plain.outcome(of: .get("/v1/wallet"))
            return ScreenTrace.currentID
        }

        #expect(spy.requests.count == 3, "two retries")
        #expect(spy.requests.map(\.traceID) == [trace, trace, trace])
        #expect(Set(spy.requests.map { $0.headers[HeaderName.traceParent] }).count == 1)
    }

    @Test func theReplayAfterARefreshAndTheRefreshCarryTheTrace() async throws {
        let session = AuthenticationSessionSpy(refreshResults: [.success(AccessToken("new"))])
        let spy = HTTPClientSpy { request, _ in
            request.headers["Authorization"] == "Bearer old" ? .contractError(401, "token_expired") : .json(200, "{}")
        }
        let sut = makeChain(spy, session: session)

        let trace = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
            _ = await sut.authenticated.outcome(of: .get("/v1/wallet"))
            return ScreenTrace.currentID
        }

        #expect(spy.requests.count == 2)
        #expect(spy.requests.map(\.traceID) == [trace, trace])
    }

    @Test func reportsCarryTheTraceTheyAreSentIn() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeChain(spy)

        let trace = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
            _ = await sut.reports.outcome(of: .post("/v1/error-reports"))
            return ScreenTrace.currentID
        }

        #expect(spy.requests.first?.traceID == trace)
    }

    private func makeChain(_ spy: HTTPClientSpy, session: AuthenticationSessionSpy = AuthenticationSessionSpy())
        -> HTTPChain
    {
        HTTPChain(
            transport: spy, clock: VirtualClock(autoAdvanceLimit: .seconds(5)), random: FixedRandomSource(0),
            logger: quietLogger
        ) { _ in session }
    }
}
