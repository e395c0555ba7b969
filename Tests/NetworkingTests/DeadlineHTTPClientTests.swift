import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@Suite(
    "DeadlineHTTPClient: one deadline for the whole call", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct DeadlineHTTPClientTests {
    @Test func writesTheDeadlineOnTheRequest() async {
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = DeadlineHTTPClient(decoratee: spy, timeout: .seconds(5), clock: clock, logger: quietLogger)

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.first?.deadline == clock.now + .seconds(5))
    }

    @Test func keepsAnEarlierDeadline() async {
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy(answering: .json(200, "{}"))
        let sut = DeadlineHTTPClient(decoratee: spy, timeout: .seconds(5), clock: clock, logger: quietLogger)
        var request = HTTPRequest.get("/v1/wallet")
        request.deadline = clock.now + .seconds(1)

        _ = await sut.outcome(of: request)

        #expect(spy.requests.first?.deadline == clock.now + .seconds(1))
    }

    // Quality bar 8: attempts and body download, enforced by the transport.
    @Test func theStampedDeadlineEndsASlowTransfer() async throws {
        let server = try await LoopbackServer.start { _ in ScriptedResponse(delayBeforeHead: .seconds(5)) }
        let probe = JourneyProbe()
        let sut = DeadlineHTTPClient(
            decoratee: TransportJourneyHTTPClient(decoratee: URLSessionHTTPClient(), logger: probe.logger),
            timeout: .milliseconds(300), logger: probe.logger)

        let result = await sut.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/wallet")))
        await server.stop()

        #expect(result.error?.kind == .timedOut)
        #expect(probe.events().map(\.to) == ["HTTPClientError.timedOut"])
        #expect(probe.events().first?.waited.map { $0 > .zero && $0 <= .milliseconds(300) } == true)
    }

    // Quality bar 8: backoff sleeps.
    @Test func retriesAndTheirSleepsFitInsideTheDeadline() async {
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy { request, _ throws(HTTPClientError) in
            throw HTTPClientError(
                kind: .tooManyRequests,
                context: HTTPErrorContext(request: request, status: 429, retryAfter: .seconds(1)))
        }
        let retrying = RetryingHTTPClient(
            decoratee: spy, policy: RetryPolicy(maximumAttempts: 10), clock: clock, random: FixedRandomSource(1),
            logger: quietLogger)
        let sut = DeadlineHTTPClient(
            decoratee: retrying, timeout: .milliseconds(2_500), clock: clock, logger: quietLogger)
        let start = clock.now

        let call = Task { await sut.outcome(of: .get("/v1/wallet")) }
        for _ in 0..<2 {
            await clock.waitForSleepers(1)  // one Retry-After wait
            clock.advance(by: .seconds(1))
        }
        let result = await call.value

        #expect(result.error?.kind == .tooManyRequests)
        #expect(result.error?.context.retryAfter == .seconds(1), "the wait that no longer fits is carried")
        #expect(spy.requests.count == 3)
        #expect(clock.now - start == .seconds(2))
    }

    // Quality bar 8: refresh waits.
    @Test func aRefreshThatNeverEndsIsBoundedByTheDeadline() async {
        let clock = VirtualClock(autoAdvance: false)
        let gate = AsyncGate()
        let session = AuthenticationSessionSpy(refreshGate: gate)
        let coordinator = TokenRefreshCoordinator(session: session, clock: clock, logger: quietLogger)
        let spy = HTTPClientSpy { _, _ in .contractError(401, "token_expired") }
        let chain = DeadlineHTTPClient(
            decoratee: AuthenticatingHTTPClient(
                decoratee: StatusCodeMappingHTTPClient(decoratee: spy, logger: quietLogger), coordinator: coordinator,
                logger: quietLogger),
            timeout: .seconds(3), clock: clock, logger: quietLogger)

        let call = Task { await chain.outcome(of: .get("/v1/wallet")) }
        await eventually("the refresh") { await session.refreshCalls > 0 }
        clock.advance(by: .seconds(3))
        let result = await call.value
        await gate.open()

        #expect(result.error?.kind == .timedOut)
    }
}
