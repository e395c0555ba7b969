import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// A token about to expire is refreshed before it is sent, in the single flight, and never costs a 401.
@Suite("Refreshing ahead of expiry", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RefreshAheadTests {
    @Test func aTokenThatExpiresWithinTheWindowIsRefreshedBeforeItIsSentAndNo401IsSent() async {
        let clock = VirtualClock()
        let session = AuthenticationSessionSpy(expiresAt: clock.wallClockNow.addingTimeInterval(10))
        let (sut, spy, probe) = makeSUT(session: session, clock: clock)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer new"])
        #expect(await session.refreshCalls == 1)
        #expect(probe.events().isEmpty, "nothing failed, so the journey has no step")
    }

    @Test func aTokenThatExpiresAfterTheWindowIsSentAsItIs() async {
        let clock = VirtualClock()
        let session = AuthenticationSessionSpy(expiresAt: clock.wallClockNow.addingTimeInterval(31))
        let (sut, spy, _) = makeSUT(session: session, clock: clock, accepting: "old")

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old"])
        #expect(await session.refreshCalls == 0)
    }

    @Test func aTokenWithoutAKnownExpiryIsSentAsItIs() async {
        let session = AuthenticationSessionSpy(expiresAt: nil)
        let (sut, spy, _) = makeSUT(session: session, accepting: "old")

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old"])
        #expect(await session.refreshCalls == 0)
    }

    @Test func concurrentRequestsShareOneRefreshAhead() async {
        let clock = VirtualClock()
        let gate = AsyncGate()
        let session = AuthenticationSessionSpy(expiresAt: clock.wallClockNow.addingTimeInterval(5), refreshGate: gate)
        let (sut, spy, _) = makeSUT(session: session, clock: clock)

        let calls = (0..<10).map { _ in Task { await sut.outcome(of: .get("/v1/wallet")) } }
        await eventually("the refresh started") { await session.refreshCalls > 0 }
        await gate.open()
        var statuses: [Int?] = []
        for call in calls { statuses.append(await call.value.value?.status) }

        #expect(statuses == Array(repeating: 200, count: 10))
        #expect(await session.refreshCalls == 1)
        #expect(!spy.requests.contains { $0.headers["Authorization"] == "Bearer old" })
    }

    @Test func aRefreshAheadThatFindsNoBackendSendsTheCurrentToken() async {
        let clock = VirtualClock()
        let session = AuthenticationSessionSpy(
            refreshResults: [.failure(.unavailable(.offline))], expiresAt: clock.wallClockNow.addingTimeInterval(10))
        let (sut, spy, _) = makeSUT(session: session, clock: clock, accepting: "old")

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200, "the token has not expired yet")
        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old"])
    }

    @Test func aRefreshAheadRefusedEndsTheCallAsSessionExpiredWithoutSending() async {
        let clock = VirtualClock()
        let session = AuthenticationSessionSpy(
            refreshResults: [.failure(.invalidGrant)], expiresAt: clock.wallClockNow.addingTimeInterval(10))
        let (sut, spy, _) = makeSUT(session: session, clock: clock)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .sessionExpired)
        #expect(spy.requests.isEmpty)
    }

    @Test func theWindowComesFromTheChainSettings() async {
        let clock = VirtualClock()
        let session = AuthenticationSessionSpy(expiresAt: clock.wallClockNow.addingTimeInterval(50))
        let spy = HTTPClientSpy(script: Self.acceptingOnly("new"))
        let chain = HTTPChain(
            transport: spy, settings: .init(refreshAhead: .seconds(60)), clock: clock, random: FixedRandomSource(0.5),
            logger: quietLogger
        ) { _ in session }

        _ = await chain.authenticated.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer new"])
    }

    // MARK: - Helpers

    private static func acceptingOnly(_ token: String) -> HTTPClientSpy.Script {
        { request, _ in
            request.headers["Authorization"] == "Bearer \(token)"
                ? .json(200, "{}") : .contractError(401, "token_expired")
        }
    }

    private func makeSUT(
        session: AuthenticationSessionSpy, clock: VirtualClock = VirtualClock(), accepting token: String = "new"
    ) -> (any HTTPClient, HTTPClientSpy, JourneyProbe) {
        let spy = HTTPClientSpy(script: Self.acceptingOnly(token))
        let probe = JourneyProbe()
        let coordinator = TokenRefreshCoordinator(
            session: session, clock: clock, refreshAhead: .seconds(30), logger: probe.logger)
        let sut = AuthenticatingHTTPClient(
            decoratee: StatusCodeMappingHTTPClient(decoratee: spy, logger: probe.logger), coordinator: coordinator,
            logger: probe.logger)
        return (sut, spy, probe)
    }
}
