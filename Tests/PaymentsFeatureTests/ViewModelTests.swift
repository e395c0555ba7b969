import Domain
import Foundation
import Navigation
import PaymentsFeature
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("PaymentMethodsViewModel", .journeyProbe)
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
        #expect(!sut.state.isEmpty && !sut.state.isLoading)
        #expect(router.presentedError == nil)
        #expect(probe.events().isEmpty)
    }

    @Test(arguments: PaymentMethodsError.allCases, AppEnvironment.allCases)
    func reactsToEachUseCaseErrorAsDocumented(_ error: PaymentMethodsError, _ environment: AppEnvironment) async throws
    {
        let (sut, router, probe) = makeSUT(.failure(error), environment: environment)

        await sut.load()

        try BoundaryTable("PaymentMethodsViewModel").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
        if error.category == .default {
            #expect(router.presentedError != nil, "Navigation presents what the screen does not explain")
        }
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("PaymentMethodsViewModel").checkNamesExactly(PaymentMethodsError.allCases.map(\.journeyName))
    }

    @Test func anEmptyResultSaysSoWithoutAnAlert() async {
        let (sut, router, _) = makeSUT(.failure(.noPaymentMethodsFound))

        await sut.load()

        #expect(sut.state.isEmpty)
        #expect(sut.state.message == "No payment methods")
        #expect(sut.state.methodCount == 0)
        #expect(router.presentedError == nil)
    }

    /// Each load starts from a clean state: nothing a successful load showed survives a failed one.
    @Test func aFailureAfterASuccessShowsNoOldContent() async {
        let (sut, _, _) = makeSUT(sequence: [.success([.card(PaymentsSamples.visa)]), .failure(.appWide(.timedOut))])

        await sut.load()
        await sut.load()

        #expect(sut.state.methodCount == 0, "no card from the first load")
        #expect(sut.state.message == nil && !sut.state.isEmpty)
    }

    @Test(arguments: [
        PaymentMethodsError.appWide(.offline), .unknown(UnknownBusinessError(underlying: [])),
        .appWide(.sessionExpired), .noPaymentMethodsFound,
    ])
    func aSuccessAfterAFailureShowsNoOldAlertOrRoute(_ failure: PaymentMethodsError) async {
        let (sut, router, _) = makeSUT(sequence: [.failure(failure), .success([.card(PaymentsSamples.visa)])])

        await sut.load()
        await sut.load()

        #expect(router.presentedError == nil && router.route == nil, "the alert and route this screen caused are gone")
        #expect(sut.state.message == nil && !sut.state.isEmpty)
        #expect(sut.state.methodCount == 1)
    }

    @Test func aLoadLeavesAnotherScreensAlertAlone() async {
        let (sut, router, _) = makeSUT(.success([.card(PaymentsSamples.visa)]))
        router.handle(PaymentMethodsError.appWide(.timedOut), for: "another screen")

        await sut.load()

        #expect(router.presentedError != nil)
    }

    private func makeSUT(
        _ result: Result<[PaymentMethod], PaymentMethodsError>, environment: AppEnvironment = .dev
    ) -> (PaymentMethodsViewModel, Router, JourneyProbe) {
        makeSUT(sequence: [result], environment: environment)
    }

    private func makeSUT(
        sequence: [Result<[PaymentMethod], PaymentMethodsError>], environment: AppEnvironment = .dev
    ) -> (PaymentMethodsViewModel, Router, JourneyProbe) {
        let probe = JourneyProbe()
        let router = Router(environment: environment, logger: probe.logger)
        let sut = PaymentMethodsViewModel(
            loadPaymentMethods: SequencedPaymentMethodsLoading(sequence), router: router, logger: probe.logger)
        return (sut, router, probe)
    }
}

@MainActor
@Suite("WalletPageViewModel", .journeyProbe)
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
        let (sut, _, probe) = makeSUT(.failure(error))

        await sut.load()

        try BoundaryTable("WalletPageViewModel").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("WalletPageViewModel").checkNamesExactly(WalletPageError.allCases.map(\.journeyName))
    }

    @Test func aFailureAfterASuccessShowsNoOldBalance() async {
        let (sut, _, _) = makeSUT(sequence: [.success(PaymentsSamples.wallet), .failure(.noWallet)])

        await sut.load()
        await sut.load()

        #expect(sut.state.balance == nil && sut.state.status == nil)
        #expect(sut.state.error?.title == "You don't have a wallet yet")
    }

    @Test(arguments: [
        WalletPageError.noWallet, .appWide(.offline), .appWide(.sessionExpired),
        .unknown(UnknownBusinessError(underlying: [])),
    ])
    func aSuccessAfterAFailureShowsNoOldAlertOrRoute(_ failure: WalletPageError) async {
        let (sut, router, _) = makeSUT(sequence: [.failure(failure), .success(PaymentsSamples.wallet)])

        await sut.load()
        await sut.load()

        #expect(router.presentedError == nil && router.route == nil)
        #expect(sut.state.error == nil)
        #expect(sut.state.balance == "EUR 12.50")
    }

    @Test func noWalletComesWithAWayForward() async throws {
        let (sut, router, _) = makeSUT(.failure(.noWallet))

        await sut.load()

        let error = try #require(sut.state.error)
        #expect(error.title == "You don't have a wallet yet")
        #expect(error.presentation == .inline)
        #expect(error.message?.isEmpty == false)
        #expect(error.actions.map(\.action) == [.createWallet])
        #expect(router.presentedError == nil)
    }

    private func makeSUT(_ result: Result<Wallet, WalletPageError>) -> (WalletPageViewModel, Router, JourneyProbe) {
        makeSUT(sequence: [result])
    }

    private func makeSUT(sequence: [Result<Wallet, WalletPageError>]) -> (WalletPageViewModel, Router, JourneyProbe) {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = WalletPageViewModel(
            loadWalletPage: SequencedWalletPageLoading(sequence), router: router, logger: probe.logger)
        return (sut, router, probe)
    }
}
