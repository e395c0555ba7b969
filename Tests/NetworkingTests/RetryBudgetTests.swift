import Decoding
import ErrorReports
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// The retry budget every call to one backend shares: spent by retries and replays, refilled by answers, and when
/// spent, retries stop while first attempts go on.
@Suite("The retry budget", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RetryBudgetTests {
    @Test(arguments: [
        (HTTPClientError.Kind.server(status: 500), 495), (.server(status: 503), 495), (.tooManyRequests, 495),
        (.connectionLost, 490), (.requestTimeout, 490),
    ])
    func aRetryCostsWhatItsFailuresKindPrices(_ kind: HTTPClientError.Kind, _ left: Int) async {
        let resilience = BackendResilience()
        let (sut, spy) = makeSUT(resilience: resilience, maximumAttempts: 2) { _, _ throws(HTTPClientError) in
            throw Self.error(kind)
        }

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(spy.requests.count == 2)
        #expect(resilience.retryBudget.available == left)
    }

    @Test func concurrentRequestsOfTwoChainsShareOneBudgetAndStopRetryingWhenItIsSpent() async {
        let resilience = BackendResilience(retryBudget: RetryBudget(.init(capacity: 50)))
        let (first, firstSpy) = makeSUT(resilience: resilience) { _, _ throws(HTTPClientError) in
            throw Self.error(.server(status: 503))
        }
        let (second, secondSpy) = makeSUT(resilience: resilience) { _, _ throws(HTTPClientError) in
            throw Self.error(.server(status: 503))
        }

        let kinds = await withTaskGroup(of: HTTPClientError.Kind?.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await (index.isMultiple(of: 2) ? first : second).outcome(of: .get("/v1/wallet")).error?.kind
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(kinds == Array(repeating: .server(status: 503), count: 20), "every call ends with its own error")
        #expect(firstSpy.requests.count + secondSpy.requests.count == 20 + 10, "20 first attempts, 50 / 5 retries")
        #expect(resilience.retryBudget.available == 0)
    }

    @Test func aSpentBudgetEndsTheCallWithItsOwnErrorAndAStepThatNamesTheBudget() async {
        let probe = JourneyProbe()
        let resilience = BackendResilience(retryBudget: RetryBudget(.init(capacity: 7)))
        let (sut, spy) = makeSUT(resilience: resilience, logger: probe.logger) { _, _ throws(HTTPClientError) in
            throw Self.error(.server(status: 503))
        }

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .server(status: 503))
        #expect(spy.requests.map(\.attempt) == [1, 2], "one retry paid (5 of 7), the next one not")
        #expect(probe.actions() == [.retried, .forwarded])
        #expect(probe.events().last?.to == "HTTPClientError.server(503), not retried: retry budget spent (2 of 7 left)")
    }

    @Test func anAnswerOnTheFirstAttemptPutsOneBack() async {
        let resilience = BackendResilience()
        #expect(resilience.retryBudget.spend(100))
        let (sut, _) = makeSUT(resilience: resilience) { _, _ in .json(200, "{}") }

        _ = await sut.outcome(of: .get("/v1/wallet"))
        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(resilience.retryBudget.available == 402)
    }

    @Test func anAnswerAfterARetryGetsThatRetrysPriceBack() async {
        let resilience = BackendResilience()
        #expect(resilience.retryBudget.spend(100))
        let (sut, _) = makeSUT(resilience: resilience) { _, index throws(HTTPClientError) in
            guard index > 0 else { throw Self.error(.connectionLost) }
            return .json(200, "{}")
        }

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.attempt == 2)
        #expect(resilience.retryBudget.available == 400, "10 paid for the retry, 10 back for its answer")
    }

    @Test func answersRefillASpentBudgetUntilRetriesAreMadeAgain() async {
        let resilience = BackendResilience(retryBudget: RetryBudget(.init(capacity: 5)))
        let backendIsDown = LockedState(true)
        let (sut, spy) = makeSUT(resilience: resilience) { _, _ throws(HTTPClientError) in
            if backendIsDown.withLock({ $0 }) { throw Self.error(.server(status: 503)) }
            return .json(200, "{}")
        }
        _ = await sut.outcome(of: .get("/spends"))
        let sentWhileSpent = await sentFor(sut, spy, "/not-retried")
        backendIsDown.withLock { $0 = false }
        for _ in 0..<5 { _ = await sut.outcome(of: .get("/refills")) }
        backendIsDown.withLock { $0 = true }

        let sentAfterRefill = await sentFor(sut, spy, "/retried-again")

        #expect(sentWhileSpent == 1)
        #expect(sentAfterRefill == 2)
    }

    @Test func theCapacityIsTheMostItHolds() {
        let budget = RetryBudget(.init(capacity: 10))

        budget.refill(3)

        #expect(budget.available == 10)
        #expect(!budget.spend(11))
        #expect(budget.available == 10, "a price it cannot pay takes nothing")
    }

    // MARK: - Replays after token_expired

    @Test func aReplayAfterTokenExpiredIsPaidFromTheBudget() async {
        let resilience = BackendResilience()
        let chain = makeChain(resilience: resilience, script: Self.acceptingOnly("new"))

        let result = await chain.authenticated.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(resilience.retryBudget.available == 496, "5 for the replay, 1 back for its answer")
    }

    @Test func aReplayIsMadeEvenWhenTheBudgetIsSpent() async {
        let resilience = BackendResilience(retryBudget: RetryBudget(.init(capacity: 3)))
        #expect(resilience.retryBudget.spend(3))
        let chain = makeChain(resilience: resilience, script: Self.acceptingOnly("new"))

        let result = await chain.authenticated.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200, "a valid session does not end as sign in again")
    }

    // MARK: - Client reports

    @Test func clientReportsNeverSpendTheBudget() async {
        let resilience = BackendResilience()
        let spy = HTTPClientSpy { _, _ in .contractError(503, "service_unavailable") }
        let chain = HTTPChain(
            transport: spy, clock: VirtualClock(), random: FixedRandomSource(0.5), resilience: resilience,
            logger: quietLogger
        ) { _ in AuthenticationSessionSpy() }
        let reports = ClientReportSender(
            client: chain.reports,
            configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "test"),
            clock: VirtualClock(), logger: quietLogger)

        reports.submit(
            DecodingReport(defects: [.init(keyPath: "cards[0].brand", kind: .novel, detail: "")]),
            endpoint: "/v1/payment-cards")
        await reports.flush()

        #expect(spy.requests.map(\.path) == ["/v1/client-reports"], "sent once: the outbox is its retry")
        #expect(await reports.pendingReports().pending.count == 1)
        #expect(resilience.retryBudget.available == 500)
    }

    // MARK: - Helpers

    private func sentFor(_ sut: RetryingHTTPClient, _ spy: HTTPClientSpy, _ path: String) async -> Int {
        _ = await sut.outcome(of: .get(path))
        return spy.requests.filter { $0.path == path }.count
    }

    private static func error(_ kind: HTTPClientError.Kind) -> HTTPClientError {
        HTTPClientError(kind: kind, context: HTTPErrorContext(request: .get("/"), status: kind.status))
    }

    private static func acceptingOnly(_ token: String) -> HTTPClientSpy.Script {
        { request, _ in
            request.headers["Authorization"] == "Bearer \(token)"
                ? .json(200, "{}") : .contractError(401, "token_expired")
        }
    }

    private func makeSUT(
        resilience: BackendResilience, maximumAttempts: Int = 3, logger: Logger = quietLogger,
        script: @escaping HTTPClientSpy.Script
    ) -> (RetryingHTTPClient, HTTPClientSpy) {
        let spy = HTTPClientSpy(script: script)
        let sut = RetryingHTTPClient(
            decoratee: spy, policy: RetryPolicy(maximumAttempts: maximumAttempts), clock: VirtualClock(),
            random: FixedRandomSource(0.5), resilience: resilience, logger: logger)
        return (sut, spy)
    }

    private func makeChain(resilience: BackendResilience, script: @escaping HTTPClientSpy.Script) -> HTTPChain {
        HTTPChain(
            transport: HTTPClientSpy(script: script), clock: VirtualClock(), random: FixedRandomSource(0.5),
            resilience: resilience, logger: quietLogger
        ) { _ in AuthenticationSessionSpy() }
    }
}
