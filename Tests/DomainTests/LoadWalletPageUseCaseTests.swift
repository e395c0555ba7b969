import Domain
import Foundation
import SharedError
import TestSupport
import Testing

@Suite("LoadWalletPageUseCase", .journeyProbe)
struct LoadWalletPageUseCaseTests {
    @Test func returnsTheWallet() async throws {
        let (sut, probe) = makeSUT(.success(PaymentsSamples.wallet))

        #expect(try await sut.execute() == PaymentsSamples.wallet)
        #expect(probe.events().isEmpty)
    }

    @Test(arguments: WalletRepositoryError.allCases)
    func turnsEachWalletErrorIntoThePagesOwnAsDocumented(_ error: WalletRepositoryError) async throws {
        let (sut, probe) = makeSUT(.failure(error))

        let result = await outcome(of: WalletPageError.self, try await sut.execute())

        let thrown = try #require(result.error)
        #expect(probe.events().map(\.from) == [error.journeyName])
        try BoundaryTable("LoadWalletPageUseCase").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .domain, in: probe, result: thrown))
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("LoadWalletPageUseCase").checkNamesExactly(WalletRepositoryError.allCases.map(\.journeyName))
    }

    /// "To error or not to error": the same repository error, two screens, two meanings.
    @Test func aMissingWalletIsAnErrorHereButAnOmissionOnThePaymentMethodsScreen() async throws {
        let (page, _) = makeSUT(.failure(.noWalletFound))
        let methods = LoadPaymentMethodsUseCase(
            wallets: InMemoryWalletRepository(.failure(.noWalletFound)),
            cards: InMemoryPaymentCardsRepository(.success([PaymentsSamples.visa])),
            applePay: StubApplePayService(.failure(.serviceNotAvailable)), logger: quietLogger)

        let pageResult = await outcome(of: WalletPageError.self, try await page.execute())
        let methodsResult = try await methods.execute()

        #expect(pageResult.error == .noWallet)
        #expect(methodsResult == [.card(PaymentsSamples.visa)])
    }

    private func makeSUT(_ result: Result<Wallet, WalletRepositoryError>) -> (LoadWalletPageUseCase, JourneyProbe) {
        let probe = JourneyProbe()
        return (LoadWalletPageUseCase(wallets: InMemoryWalletRepository(result), logger: probe.logger), probe)
    }
}

@Suite("Domain errors")
struct DomainErrorTests {
    @Test func everyCaseHasItsOwnJourneyName() {
        let names =
            WalletRepositoryError.allCases.map(\.journeyName) + PaymentCardsRepositoryError.allCases.map(\.journeyName)
            + PaymentMethodsError.allCases.map(\.journeyName) + WalletPageError.allCases.map(\.journeyName)

        #expect(Set(names).count == names.count)
    }

    @Test func unknownBusinessErrorIsTheLastLine() {
        #expect(UnknownBusinessError(underlying: []).category == .default)
        #expect(PaymentMethodsError.unknown(UnknownBusinessError(underlying: [])).category == .default)
    }

    @Test func anUnexplainedFailureKeepsItsDiagnosticAllTheWayToThePage() {
        let diagnostic = Diagnostic(
            error: "HTTPClientError.server(500)", layer: .networking, status: 500, serverCode: "internal",
            requestID: "req-1")

        let page = LoadWalletPageUseCase.pageError(for: .unavailable(diagnostic))

        #expect(page == .unknown(UnknownBusinessError(underlying: [diagnostic])))
        #expect(page.diagnostics == [diagnostic])
    }

    @Test(arguments: [
        (Decimal(string: "12.5") ?? 0, "EUR 12.50"), (Decimal(0), "EUR 0.00"),
        (Decimal(string: "1234.567") ?? 0, "EUR 1234.57"),
    ])
    func moneyIsShownWithTwoDecimals(_ amount: Decimal, _ expected: String) {
        #expect(Money(amount: amount, currency: "EUR").formatted == expected)
    }
}
