import Domain
import Foundation
import Navigation
import PaymentsFeature
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("PaymentMethodsViewModel")
struct PaymentMethodsViewModelTests {
    @Test func showsEveryMethod() async {
        let (sut, router, probe) = makeSUT(
            .success([
                .wallet(PaymentsSamples.wallet), .card(PaymentsSamples.visa), .applePay(ApplePay(status: .needsSetup)),
            ]))

        await sut.load()

        #expect(sut.state.wallet?.balance == "EUR 12.50")
        #expect(sut.state.paymentCards.map(\.last4) == ["4242"])
        #expect(sut.state.paymentCards.first?.expiry == "04/27")
        #expect(sut.state.applePay?.status == "needs setup")
        #expect(sut.state.methodCount == 3)
        #expect(!sut.state.isEmpty && !sut.state.isLoading && sut.state.error == nil)
        #expect(router.presentedError == nil)
        #expect(probe.events().isEmpty)
    }

    @Test(arguments: PaymentMethodsError.allCases)
    func reactsToEachUseCaseErrorAsDocumented(_ error: PaymentMethodsError) async throws {
        let (sut, router, probe) = makeSUT(.failure(error))

        await sut.load()

        let observed: String
        if let forwarded = probe.events().first(where: { $0.action == .forwarded }) {
            observed =
                "forwarded to Navigation as " + (forwarded.to ?? "").replacingOccurrences(of: "Navigation: ", with: "")
            #expect(router.presentedError != nil || router.route == .signIn, "Navigation reacted")
            #expect(sut.state.error == nil, "the screen does not present app-wide errors itself")
        } else if sut.state.isEmpty, sut.state.error == nil, router.presentedError == nil {
            observed = "empty state, no alert"
        } else if sut.state.error == .default {
            observed = "state.error = PresentationError.default (alert)"
        } else {
            observed = "unexpected state \(sut.state)"
        }
        #expect(observed == (try ArchitectureDocument.boundary("PaymentMethodsViewModel")[error.journeyName]))
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        let documented = try ArchitectureDocument.boundary("PaymentMethodsViewModel")

        #expect(Set(documented.keys) == Set(PaymentMethodsError.allCases.map(\.journeyName)))
    }

    @Test func anEmptyResultSaysSoWithoutAnAlert() async {
        let (sut, router, _) = makeSUT(.failure(.noPaymentMethodsFound))

        await sut.load()

        #expect(sut.state.isEmpty)
        #expect(sut.state.message == "No payment methods")
        #expect(sut.state.methodCount == 0)
        #expect(router.presentedError == nil)
    }

    /// The article's state was never cleared, so an old alert came back on the next load.
    @Test func eachLoadClearsThePreviousErrorAndMessage() async {
        let loader = SequencedLoading([
            .failure(.unknown(UnknownBusinessError(underlying: []))), .failure(.noPaymentMethodsFound),
            .success([.card(PaymentsSamples.visa)]),
        ])
        let sut = PaymentMethodsViewModel(
            loadPaymentMethods: loader, router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)

        await sut.load()
        #expect(sut.state.error == .default)
        await sut.load()
        #expect(sut.state.error == nil)
        #expect(sut.state.isEmpty)
        await sut.load()
        #expect(sut.state.error == nil && sut.state.message == nil && !sut.state.isEmpty)
        #expect(sut.state.methodCount == 1)
    }

    private func makeSUT(
        _ result: Result<[PaymentMethod], PaymentMethodsError>
    ) -> (PaymentMethodsViewModel, Router, JourneyProbe) {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = PaymentMethodsViewModel(
            loadPaymentMethods: StubPaymentMethodsLoading(result), router: router, logger: probe.logger)
        return (sut, router, probe)
    }
}

@MainActor
@Suite("WalletPageViewModel")
struct WalletPageViewModelTests {
    @Test func showsTheBalance() async {
        let (sut, _, _) = makeSUT(.success(PaymentsSamples.wallet))

        await sut.load()

        #expect(sut.state.balance == "EUR 12.50")
        #expect(sut.state.status == "active")
        #expect(sut.state.error == nil)
    }

    @Test(arguments: WalletPageError.allCases)
    func reactsToEachUseCaseErrorAsDocumented(_ error: WalletPageError) async throws {
        let (sut, router, probe) = makeSUT(.failure(error))

        await sut.load()

        let observed: String
        if let forwarded = probe.events().first(where: { $0.action == .forwarded }) {
            observed =
                "forwarded to Navigation as " + (forwarded.to ?? "").replacingOccurrences(of: "Navigation: ", with: "")
            #expect(router.presentedError != nil || router.route == .signIn)
        } else if let presented = sut.state.error {
            observed =
                "\(presented.presentation.rawValue): \(presented.title)" + (sut.state.action.map { " → \($0)" } ?? "")
        } else {
            observed = "nothing shown"
        }
        #expect(observed == (try ArchitectureDocument.boundary("WalletPageViewModel")[error.journeyName]))
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        let documented = try ArchitectureDocument.boundary("WalletPageViewModel")

        #expect(Set(documented.keys) == Set(WalletPageError.allCases.map(\.journeyName)))
    }

    @Test func noWalletComesWithAWayForward() async throws {
        let (sut, router, _) = makeSUT(.failure(.noWallet))

        await sut.load()

        let error = try #require(sut.state.error)
        #expect(error.title == "You don't have a wallet yet")
        #expect(error.presentation == .inline)
        #expect(error.message?.isEmpty == false)
        #expect(sut.state.action == "Create a wallet")
        #expect(router.presentedError == nil)
    }

    private func makeSUT(_ result: Result<Wallet, WalletPageError>) -> (WalletPageViewModel, Router, JourneyProbe) {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = WalletPageViewModel(
            loadWalletPage: StubWalletPageLoading(result), router: router, logger: probe.logger)
        return (sut, router, probe)
    }
}

/// Answers each call with the next result.
private final class SequencedLoading: PaymentMethodsLoading {
    private let results: LockedState<[Result<[PaymentMethod], PaymentMethodsError>]>

    init(_ results: [Result<[PaymentMethod], PaymentMethodsError>]) {
        self.results = LockedState(results)
    }

    func execute() async throws(PaymentMethodsError) -> [PaymentMethod] {
        try results.withLock { $0.removeFirst() }.get()
    }
}
