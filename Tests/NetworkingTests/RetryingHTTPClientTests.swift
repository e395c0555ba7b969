import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

@Suite("RetryingHTTPClient", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RetryingHTTPClientTests {
    // Quality bar 6.
    @Test func aPostWithoutIdempotencyKeyIsNeverRetried() async {
        let (sut, spy, clock) = makeSUT(results: [.failure(Self.error(.server(status: 503)))])

        let result = await sut.outcome(of: .post("/v1/auth/apple"))

        #expect(result.error?.kind == .server(status: 503))
        #expect(spy.requests.count == 1)
        #expect(clock.recordedSleeps.isEmpty)
    }

    @Test func aPostWithAnIdempotencyKeyIsRetried() async {
        let (sut, spy, _) = makeSUT(results: [.failure(Self.error(.server(status: 503))), .success(.json(202, "{}"))])

        let result = await sut.outcome(of: .post("/v1/client-reports", headers: ["Idempotency-Key": "k-1"]))

        #expect(result.value?.status == 202)
        #expect(spy.requests.count == 2)
    }

    /// A retry that finds no connection says nothing about the attempt before it, which may have reached the
    /// backend: a keyed write ends with that attempt's failure (its outcome unknown), never as "nothing was sent".
    @Test func aKeyedWriteWhoseRetryFindsNoConnectionKeepsTheEarlierFailure() async {
        let (sut, spy, _) = makeSUT(results: [
            .failure(Self.error(.connectionLost)), .failure(Self.error(.offline)),
        ])

        let result = await sut.outcome(of: .post("/v1/transfers", headers: ["Idempotency-Key": "k-1"]))

        #expect(result.error?.kind == .connectionLost)
        #expect(spy.requests.count == 2)
    }

    @Test func aReadWhoseRetryFindsNoConnectionIsOffline() async {
        let (sut, _, _) = makeSUT(results: [.failure(Self.error(.connectionLost)), .failure(Self.error(.offline))])

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .offline)
    }

    @Test(arguments: [
        HTTPClientError.Kind.requestTimeout, .tooManyRequests, .server(status: 500), .server(status: 502),
        .server(status: 503), .server(status: 504), .connectionLost,
    ])
    func aGetIsRetriedOnTransientFailures(_ kind: HTTPClientError.Kind) async {
        let (sut, spy, _) = makeSUT(results: [.failure(Self.error(kind)), .success(.json(200, "{}"))])

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.value?.status == 200)
        #expect(spy.requests.map(\.attempt) == [1, 2])
    }

    @Test(arguments: HTTPClientError.Kind.allCases.filter { !$0.isTransient })
    func aGetIsNotRetriedOnAnythingElse(_ kind: HTTPClientError.Kind) async {
        let (sut, spy, _) = makeSUT(results: [.failure(Self.error(kind)), .success(.json(200, "{}"))])

        let result = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(result.error?.kind == kind)
        #expect(spy.requests.count == 1)
    }

    @Test func stopsAfterTheMaximumAttemptsWithTheCountOnTheError() async {
        let spy = HTTPClientSpy { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .server(status: 503), context: HTTPErrorContext(request: request, status: 503))
        }
        let sut = RetryingHTTPClient(
            decoratee: spy, policy: RetryPolicy(maximumAttempts: 4), clock: VirtualClock(),
            random: FixedRandomSource(0.5), logger: quietLogger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.count == 4)
        #expect(result.error?.context.attempt == 4)
    }

    // Quality bar 6: full jitter within [0, min(cap, base·2^n)], on a virtual clock.
    @Test(arguments: [1 as UInt64, 7, 42, 1_234_567])
    func backoffIsFullJitterWithinTheExponentialCeiling(seed: UInt64) async throws {
        let policy = RetryPolicy(maximumAttempts: 8, baseDelay: .milliseconds(100), maximumDelay: .seconds(2))
        let random = SeededRandomSource(seed: seed)
        let clock = VirtualClock()
        let spy = HTTPClientSpy(results: [.failure(Self.error(.server(status: 503)))])
        let sut = RetryingHTTPClient(decoratee: spy, policy: policy, clock: clock, random: random, logger: quietLogger)

        _ = await sut.outcome(of: .get("/v1/wallet"))

        let ceilings: [Duration] = [100, 200, 400, 800, 1_600, 2_000, 2_000].map { .milliseconds($0) }
        #expect(clock.recordedSleeps.count == 7)
        try #require(random.handedOut.count == clock.recordedSleeps.count, "one random draw per backoff")
        for (retry, sleep) in clock.recordedSleeps.enumerated() {
            #expect(sleep >= .zero && sleep <= ceilings[retry], "retry \(retry) slept \(sleep)")
            #expect(sleep == ceilings[retry] * random.handedOut[retry], "the delay is the ceiling times the draw")
        }
    }

    @Test(arguments: [(0.0, Duration.zero), (1.0, .milliseconds(100))])
    func jitterReachesBothBoundsOfTheFirstRetry(_ draw: Double, _ expected: Duration) async {
        let clock = VirtualClock()
        let spy = HTTPClientSpy(results: [.failure(Self.error(.server(status: 500))), .success(.json(200, "{}"))])
        let sut = RetryingHTTPClient(
            decoratee: spy, clock: clock, random: FixedRandomSource(draw), logger: quietLogger)

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(clock.recordedSleeps == [expected])
    }

    // Quality bar 7.
    @Test func honoursRetryAfterInSeconds() async {
        let (sut, _, clock) = makeSUT(results: [
            .failure(Self.error(.tooManyRequests, retryAfter: .seconds(2))), .success(.json(200, "{}")),
        ])

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(clock.recordedSleeps == [.seconds(2)])
    }

    @Test func honoursRetryAfterAsAnHTTPDate() async {
        let clock = VirtualClock()
        let date = clock.wallClockNow.addingTimeInterval(3)
        let spy = HTTPClientSpy(results: [
            .failure(Self.error(.server(status: 503), retryAfter: .date(date))), .success(.json(200, "{}")),
        ])
        let sut = RetryingHTTPClient(decoratee: spy, clock: clock, random: FixedRandomSource(1), logger: quietLogger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(clock.recordedSleeps == [.seconds(3)])
    }

    @Test func aRetryAfterAboveTheMaximumIsNotWaitedForAndIsCarried() async {
        let spy = HTTPClientSpy(results: [.failure(Self.error(.tooManyRequests, retryAfter: .seconds(120)))])
        let clock = VirtualClock()
        let probe = JourneyProbe()
        let sut = RetryingHTTPClient(
            decoratee: spy, policy: RetryPolicy(maximumRetryAfter: .seconds(5)), clock: clock,
            random: FixedRandomSource(1), logger: probe.logger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.context.retryAfter == .seconds(120))
        #expect(spy.requests.count == 1)
        #expect(clock.recordedSleeps.isEmpty)
        #expect(probe.actions() == [.forwarded])
    }

    @Test func aRetryAfterPastTheDeadlineIsNotWaitedFor() async {
        let clock = VirtualClock()
        let spy = HTTPClientSpy(results: [.failure(Self.error(.server(status: 503), retryAfter: .seconds(3)))])
        let sut = RetryingHTTPClient(decoratee: spy, clock: clock, random: FixedRandomSource(1), logger: quietLogger)
        var request = HTTPRequest.get("/v1/wallet")
        request.deadline = clock.now + .seconds(2)

        let result = await sut.outcome(of: request)

        #expect(result.error?.context.retryAfter == .seconds(3))
        #expect(clock.recordedSleeps.isEmpty)
    }

    @Test func aBackoffPastTheDeadlineIsNotWaitedFor() async {
        let clock = VirtualClock()
        let spy = HTTPClientSpy(results: [.failure(Self.error(.server(status: 503)))])
        let sut = RetryingHTTPClient(
            decoratee: spy, policy: RetryPolicy(baseDelay: .seconds(1)), clock: clock, random: FixedRandomSource(1),
            logger: quietLogger)
        var request = HTTPRequest.get("/v1/wallet")
        request.deadline = clock.now + .milliseconds(500)

        let result = await sut.outcome(of: request)

        #expect(result.error?.kind == .server(status: 503))
        #expect(spy.requests.count == 1)
    }

    // Quality bar 9, the backoff half.
    @Test func cancellingDuringABackoffSleepEndsTheCallAndSendsNothingMore() async {
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy(results: [.failure(Self.error(.server(status: 503))), .success(.json(200, "{}"))])
        let sut = RetryingHTTPClient(decoratee: spy, clock: clock, random: FixedRandomSource(1), logger: quietLogger)

        let call = Task { await sut.outcome(of: .get("/v1/wallet")) }
        await clock.waitForSleepers(1)
        call.cancel()
        let result = await call.value

        #expect(result.error?.kind == .cancelled)
        #expect(spy.requests.count == 1)
    }

    @Test func recordsEachRetryWithItsWait() async {
        let probe = JourneyProbe()
        let spy = HTTPClientSpy(results: [
            .failure(Self.error(.server(status: 503), retryAfter: .seconds(0))),
            .failure(Self.error(.server(status: 503), retryAfter: .seconds(1))), .success(.json(200, "{}")),
        ])
        let sut = RetryingHTTPClient(
            decoratee: spy, clock: VirtualClock(), random: FixedRandomSource(1), logger: probe.logger)

        _ = await sut.outcome(of: .get("/v1/payment-cards"))

        #expect(probe.events().map(\.action) == [.retried, .retried])
        #expect(probe.events().map(\.waited) == [.zero, .seconds(1)])
        #expect(probe.events().first?.to == "attempt 2 of GET /v1/payment-cards after 0.00 s")
    }

    // MARK: - Helpers

    private static func error(_ kind: HTTPClientError.Kind, retryAfter: RetryAfter? = nil) -> HTTPClientError {
        HTTPClientError(
            kind: kind, context: HTTPErrorContext(request: .get("/"), status: kind.status, retryAfter: retryAfter))
    }

    private func makeSUT(results: [Result<HTTPResponse, HTTPClientError>]) -> (
        RetryingHTTPClient, HTTPClientSpy, VirtualClock
    ) {
        let spy = HTTPClientSpy(results: results)
        let clock = VirtualClock()
        let sut = RetryingHTTPClient(decoratee: spy, clock: clock, random: FixedRandomSource(0.5), logger: quietLogger)
        return (sut, spy, clock)
    }
}
