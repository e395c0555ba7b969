import Networking
import SharedError
import TestSupport
import Testing

/// The order `HTTPChain` stacks the decorators in, the order the app runs: one request refreshes at most once,
/// however its retries and replays interleave.
@Suite("The app's chain refreshes at most once per request", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ChainOrderTests {
    /// 401 → refresh → replay → 503 → retry → 401: with retry above authentication this refreshed twice.
    @Test func aReplayThatMeetsA503AndThenA401DoesNotRefreshAgain() async {
        let session = AuthenticationSessionSpy(
            refreshResults: [.success(AccessToken("new")), .success(AccessToken("newer"))])
        let spy = HTTPClientSpy { request, _ in
            switch (request.headers["Authorization"], request.attempt) {
            case ("Bearer old", _): .contractError(401, "token_expired")
            case ("Bearer new", 2): .contractError(503, "busy")
            default: .contractError(401, "token_expired")
            }
        }
        let sut = makeChain(spy, session)

        let result = await sut.authenticated.outcome(of: .get("/v1/wallet"))

        #expect(await session.refreshCalls == 1)
        #expect(result.error?.kind == .unauthorized, "the replay's own 401 is the answer")
        #expect(spy.requests.map(\.headers["Authorization"]) == ["Bearer old", "Bearer new", "Bearer new"])
    }

    @Test func aPostWithoutAKeyIsSentOnceThroughTheWholeChain() async {
        let spy = HTTPClientSpy(answering: .contractError(503, "busy"))
        let sut = makeChain(spy, AuthenticationSessionSpy())

        _ = await sut.authenticated.outcome(of: .post("/v1/transfers"))
        _ = await sut.plain.outcome(of: .post("/v1/auth/apple"))

        #expect(spy.requests.count == 2, "neither POST was retried")
    }

    @Test func reportsAreNeverRetriedByTheChain() async {
        let spy = HTTPClientSpy(answering: .contractError(503, "busy"))
        let sut = makeChain(spy, AuthenticationSessionSpy())

        _ = await sut.reports.outcome(of: .post("/v1/client-reports", headers: ["Idempotency-Key": "k"]))

        #expect(spy.requests.count == 1, "the report outbox is their retry")
    }

    private func makeChain(_ spy: HTTPClientSpy, _ session: AuthenticationSessionSpy) -> HTTPChain {
        HTTPChain(
            transport: spy, clock: VirtualClock(autoAdvanceLimit: .seconds(5)), random: FixedRandomSource(0),
            logger: quietLogger
        ) { _ in session }
    }
}
