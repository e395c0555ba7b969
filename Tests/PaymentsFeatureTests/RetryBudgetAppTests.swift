import Composition
import Decoding
import ErrorReports
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// The retry budget as the composed app holds it: one per process and backend, and a spent one shows on the screen
/// as the call's own error.
@MainActor
@Suite("The retry budget in the composed app", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RetryBudgetAppTests {
    @Test func appsComposedForOneBackendShareOneBudgetAndAnotherRegistryHasItsOwn() {
        let registry = ResilienceRegistry()
        let first = TestApp(resilience: registry) { _, _ in .json(200, "{}") }
        let second = TestApp(resilience: registry) { _, _ in .json(200, "{}") }
        let elsewhere = TestApp { _, _ in .json(200, "{}") }

        #expect(first.app.resilience === second.app.resilience)
        #expect(first.app.resilience !== elsewhere.app.resilience)
    }

    @Test func aSpentBudgetReachesTheScreenAsTheCallsOwnErrorWithAStepThatNamesIt() async {
        let world = TestApp { _, _ in .contractError(503, "service_unavailable") }
        #expect(world.app.resilience.retryBudget.spend(500))
        let sut = world.app.walletPage()

        await sut.load()

        #expect(
            world.spy.requests.map(\.path).filter { $0 != "/v1/error-reports" } == ["/v1/wallet"],
            "the first attempt only (the unexplained error's report may go out meanwhile)")
        #expect(
            world.journey.contains(
                "networking forwarded HTTPClientError.server(503) → "
                    + "HTTPClientError.server(503), not retried: retry budget spent (0 of 500 left)"))
        #expect(
            world.journey.contains {
                $0.hasPrefix("data mapped HTTPClientError.server(503) → WalletRepositoryError.unavailable")
            })
        #expect(world.router.presentedError != nil, "presented as the unavailable wallet it is")
    }

    @Test func clientReportsOfTheAppNeverSpendItsBudget() async {
        let world = TestApp { _, _ in .contractError(503, "service_unavailable") }
        world.app.reports.submit(
            DecodingReport(defects: [.init(keyPath: "cards[0].brand", kind: .novel, detail: "")]),
            endpoint: "/v1/payment-cards")

        await world.app.reports.flush()

        #expect(world.spy.requests.map(\.path) == ["/v1/client-reports"], "sent once: the outbox is its retry")
        #expect(world.app.resilience.retryBudget.available == 500)
    }
}
