import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

@Suite(
    "AuthenticatingHTTPClient and the single-flight refresh", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct AuthenticatingHTTPClientTests {
    @Test func sendsTheCurrentTokenAsABearer() async {
        let (sut, spy, _, _) = makeSUT(script: Self.acceptingOnly("old"))

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old"])
    }

    @Test func withoutASessionItFailsWithoutSending() async {
        let session = AuthenticationSessionSpy(token: nil)
        let (sut, spy, _, _) = makeSUT(session: session, script: Self.acceptingOnly("old"))

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .sessionExpired)
        #expect(spy.requests.isEmpty)
    }

    @Test func refreshesOnceAndReplaysAfterTokenExpired() async {
        let (sut, spy, session, probe) = makeSUT(script: Self.acceptingOnly("new"))

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(spy.requests.map(\.attempt) == [1, 2])
        #expect(await session.refreshCalls == 1)
        #expect(probe.actions() == [.mapped, .recovered, .retried])
    }

    @Test func forbiddenIsNotExpiry() async {
        let (sut, spy, session, _) = makeSUT(script: { _, _ in .contractError(403, "wallet_banned") })

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .forbidden)
        #expect(spy.requests.count == 1)
        #expect(await session.refreshCalls == 0)
    }

    @Test func otherUnauthorizedCodesAreNotRefreshed() async {
        let (sut, spy, session, _) = makeSUT(script: { _, _ in .contractError(401, "something_else") })

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .unauthorized)
        #expect(spy.requests.count == 1)
        #expect(await session.refreshCalls == 0)
        #expect(await session.endSessionCalls == 0)
    }

    @Test func anUnknownTokenEndsTheSessionWithoutARefresh() async {
        let (sut, spy, session, _) = makeSUT(script: { _, _ in .contractError(401, "invalid_token") })

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .sessionExpired)
        #expect(spy.requests.count == 1)
        #expect(await session.refreshCalls == 0)
        #expect(await session.endSessionCalls == 1, "a dead session is not replayed by the next run")
    }

    /// Another holder of the session (another run) stored new tokens while the old one was on its way: the late
    /// `invalid_token` leaves the new session, and the request is replayed once with its token.
    @Test func aLateUnknownTokenAnswerForAReplacedTokenLeavesTheNewSessionAndReplaysWithIt() async {
        let session = AuthenticationSessionSpy(token: AccessToken("old"))
        let (sut, spy, _, probe) = makeSUT(session: session) { request, _ in
            guard request.headers["Authorization"] == "Bearer new" else {
                await session.replaceToken(with: AccessToken("new"))
                return .contractError(401, "invalid_token")
            }
            return .json(200, "{}")
        }

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(spy.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(await session.endSessionCalls == 0)
        #expect(await session.token == AccessToken("new"))
        #expect(probe.actions() == [.mapped, .retried], "the 401 mapped by status, then the replay")
    }

    @Test func anUnknownTokenAfterTheReplayWithAReplacedTokenEndsThatSession() async {
        let session = AuthenticationSessionSpy(token: AccessToken("old"))
        let (sut, spy, _, _) = makeSUT(session: session) { request, _ in
            if request.headers["Authorization"] == "Bearer old" { await session.replaceToken(with: AccessToken("new")) }
            return .contractError(401, "invalid_token")
        }

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .sessionExpired)
        #expect(spy.requests.count == 2, "one replay, no more")
        #expect(await session.endSessionCalls == 1)
    }

    @Test func aSecond401AfterTheReplayIsAnErrorNotASuccess() async {
        let (sut, spy, session, _) = makeSUT(script: { _, _ in .contractError(401, "token_expired") })

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .unauthorized)
        #expect(spy.requests.count == 2)
        #expect(await session.refreshCalls == 1)
    }

    // Quality bar 1.
    @Test func aThousandConcurrentExpiredRequestsCauseExactlyOneRefresh() async throws {
        let count = 1_000
        let barrier = Barrier(count: count)
        let (sut, spy, session, coordinator) = makeSUTWithCoordinator(script: { request, _ in
            guard request.headers["Authorization"] == "Bearer new" else {
                await barrier.arriveAndWait()
                return .contractError(401, "token_expired")
            }
            return .json(200, "{}")
        })

        let statuses = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<count {
                group.addTask { await sut.outcome(of: .get("/v1/items/\(index)")).value?.status }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(statuses.count == count)
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(await session.refreshCalls == 1)
        #expect(await coordinator.refreshCount == 1)
        let replays = spy.requests.filter { $0.headers["Authorization"] == "Bearer new" }
        #expect(replays.count == count)
        #expect(Set(replays.map(\.url.path)).count == count, "every request is replayed exactly once")
    }

    // Quality bar 2.
    @Test func aLate401ForAnAlreadyReplacedTokenIsReplayedWithoutARefresh() async {
        let lateAnswer = AsyncGate()
        let (sut, spy, session, _) = makeSUT(script: { request, index in
            if request.headers["Authorization"] == "Bearer new" { return .json(200, "{}") }
            if request.url.path == "/late" { await lateAnswer.wait() }
            return .contractError(401, "token_expired")
        })

        async let late = sut.outcome(of: .get("/late"))
        await eventually("the request") { !spy.requests.isEmpty }
        let early = await sut.outcome(of: .get("/early"))
        await lateAnswer.open()

        #expect(early.value?.status == 200)
        #expect(await late.value?.status == 200)
        #expect(await session.refreshCalls == 1)
        #expect(
            spy.requests.filter { $0.url.path == "/late" }.map { $0.headers["Authorization"] } == [
                "Bearer old", "Bearer new",
            ])
    }

    // Quality bar 3.
    @Test func invalidGrantFailsEveryWaiterOnceEndsTheSessionAndSendsNothingMore() async {
        let count = 100
        let barrier = Barrier(count: count)
        let session = AuthenticationSessionSpy(refreshResults: [.failure(.invalidGrant)])
        let probe = JourneyProbe()
        let spy = HTTPClientSpy { _, _ in
            await barrier.arriveAndWait()
            return .contractError(401, "token_expired")
        }
        let sut = makeChain(spy: spy, session: session, logger: probe.logger).client

        let kinds = await withTaskGroup(of: HTTPClientError.Kind?.self) { group in
            for index in 0..<count {
                group.addTask { await sut.outcome(of: .get("/v1/items/\(index)")).error?.kind }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let sentBefore = spy.requests.count
        let afterwards = await sut.outcome(of: .get("/v1/wallet"))

        #expect(kinds.count == count && kinds.allSatisfy { $0 == .sessionExpired })
        #expect(await session.refreshCalls == 1)
        #expect(await session.endSessionCalls == 1)
        #expect(probe.events().filter { $0.from == "refresh answered invalid_grant" }.count == 1)
        #expect(afterwards.error?.kind == .sessionExpired)
        #expect(spy.requests.count == sentBefore, "no request is sent after the session ended")
    }

    // Quality bar 4.
    @Test(arguments: [HTTPClientError.Kind.offline, .timedOut])
    func aTransportFailureDuringRefreshKeepsTheSession(_ kind: HTTPClientError.Kind) async {
        let session = AuthenticationSessionSpy(refreshResults: [
            .failure(.unavailable(kind)), .success(AccessToken("new")),
        ])
        let (sut, _, _, _) = makeSUT(session: session, script: Self.acceptingOnly("new"))

        let first = await sut.outcome(of: .get("/v1/wallet"))
        let second = await sut.outcome(of: .get("/v1/wallet"))

        #expect(first.error?.kind == kind)
        #expect(await session.endSessionCalls == 0)
        #expect(second.value?.status == 200, "the session survived and a later refresh works")
    }

    // Quality bar 5.
    @Test func aServerThatRefusesEverythingGetsOneRefreshPerRequestAndABoundedNumberPerWindow() async {
        let clock = VirtualClock()
        let budget = TokenRefreshCoordinator.Budget(maximumRefreshes: 3, window: .seconds(60))
        let session = AuthenticationSessionSpy(refreshResults: (1...10).map { .success(AccessToken("t\($0)")) })
        let spy = HTTPClientSpy { _, _ in .contractError(401, "token_expired") }
        let chain = makeChain(spy: spy, session: session, clock: clock, budget: budget)

        var kinds: [HTTPClientError.Kind?] = []
        for _ in 0..<5 {
            kinds.append(await chain.client.outcome(of: .get("/v1/wallet")).error?.kind)
        }

        #expect(kinds == Array(repeating: .unauthorized, count: 5))
        #expect(await session.refreshCalls == 3, "three refreshes in the window, then none")
        let expectedSends = 3 * 2 + 2  // three sent twice (refresh and replay), two sent once (no budget left)
        #expect(spy.requests.count == expectedSends, "a replay only after a refresh")

        clock.advance(by: .seconds(61))
        _ = await chain.client.outcome(of: .get("/v1/wallet"))
        #expect(await session.refreshCalls == 4, "the window moved on")
    }

    // Quality bar 9, the refresh half.
    @Test func aCancelledWaiterLeavesAtOnceAndTheSharedRefreshGoesOn() async {
        let gate = AsyncGate()
        let session = AuthenticationSessionSpy(refreshGate: gate)
        let (sut, spy, _, _) = makeSUT(session: session, script: Self.acceptingOnly("new"))

        let cancelled = Task { await sut.outcome(of: .get("/cancelled")) }
        let patient = Task { await sut.outcome(of: .get("/patient")) }
        await eventually("the refresh and both requests") { await session.refreshCalls > 0 && spy.requests.count >= 2 }
        cancelled.cancel()
        let cancelledResult = await cancelled.value
        let finishedBeforeGateOpened = await session.refreshesFinished
        await gate.open()
        let patientResult = await patient.value

        #expect(cancelledResult.error?.kind == .cancelled)
        #expect(finishedBeforeGateOpened == 0, "the cancelled waiter did not wait for the refresh")
        #expect(patientResult.value?.status == 200)
        #expect(await session.refreshesFinished == 1)
        #expect(!spy.requests.contains { $0.url.path == "/cancelled" && $0.headers["Authorization"] == "Bearer new" })
    }

    @Test func settlingWaitsForARefreshWhoseOnlyWaiterLeft() async {
        let gate = AsyncGate()
        let session = AuthenticationSessionSpy(refreshGate: gate)
        let (sut, spy, _, coordinator) = makeSUTWithCoordinator(session: session, script: Self.acceptingOnly("new"))
        let cancelled = Task { await sut.outcome(of: .get("/cancelled")) }
        await eventually("the refresh started") { await session.refreshCalls > 0 && spy.requests.count >= 1 }
        cancelled.cancel()
        _ = await cancelled.value

        // Opened later, so a settle that does not wait returns while the refresh is still held.
        let opener = Task {
            try? await Task.sleep(for: .milliseconds(200))
            await gate.open()
        }
        await coordinator.settle()
        let finishedWhenSettled = await session.refreshesFinished
        await opener.value

        #expect(finishedWhenSettled == 1, "settle returned before the refresh had stored its outcome")
    }

    // MARK: - Helpers

    private static func acceptingOnly(_ token: String) -> HTTPClientSpy.Script {
        { request, _ in
            request.headers["Authorization"] == "Bearer \(token)"
                ? .json(200, "{}") : .contractError(401, "token_expired")
        }
    }

    private func makeSUT(
        session: AuthenticationSessionSpy = AuthenticationSessionSpy(),
        script: @escaping HTTPClientSpy.Script
    ) -> (any HTTPClient, HTTPClientSpy, AuthenticationSessionSpy, JourneyProbe) {
        let spy = HTTPClientSpy(script: script)
        let probe = JourneyProbe()
        return (makeChain(spy: spy, session: session, logger: probe.logger).client, spy, session, probe)
    }

    private func makeSUTWithCoordinator(
        session: AuthenticationSessionSpy = AuthenticationSessionSpy(),
        script: @escaping HTTPClientSpy.Script
    ) -> (any HTTPClient, HTTPClientSpy, AuthenticationSessionSpy, TokenRefreshCoordinator) {
        let spy = HTTPClientSpy(script: script)
        let chain = makeChain(spy: spy, session: session)
        return (chain.client, spy, session, chain.coordinator)
    }

    private func makeChain(
        spy: HTTPClientSpy,
        session: AuthenticationSessionSpy,
        clock: VirtualClock = VirtualClock(),
        budget: TokenRefreshCoordinator.Budget = .init(),
        logger: Logger = quietLogger
    ) -> (client: any HTTPClient, coordinator: TokenRefreshCoordinator) {
        let coordinator = TokenRefreshCoordinator(session: session, clock: clock, budget: budget, logger: logger)
        let client = AuthenticatingHTTPClient(
            decoratee: StatusCodeMappingHTTPClient(decoratee: spy, logger: logger), coordinator: coordinator,
            logger: logger)
        return (client, coordinator)
    }
}
