import Domain
import Logging
import SharedError
import TestSupport
import Testing

@Suite("LoadPaymentMethodsUseCase")
struct LoadPaymentMethodsUseCaseTests {
    @Test func offersTheWalletTheCardsAndApplePayInThatOrder() async throws {
        let (sut, _) = makeSUT()

        let methods = try await sut.execute()

        #expect(
            methods == [
                .wallet(PaymentsSamples.wallet), .card(PaymentsSamples.visa), .card(PaymentsSamples.mastercard),
                .applePay(ApplePay(status: .available)),
            ])
    }

    // MARK: Boundary: every case of every source's error, against ARCHITECTURE.md

    @Test(arguments: WalletRepositoryError.allCases)
    func reactsToEachWalletErrorAsDocumented(_ error: WalletRepositoryError) async throws {
        let (sut, probe) = makeSUT(
            wallet: .failure(error), flags: PaymentFeatureFlags(wallet: true, cards: false, applePay: false))

        let observed = await reaction(of: sut, to: error.journeyName, probe: probe)

        #expect(observed == LoadPaymentMethodsUseCase.reaction(to: error).description)
        #expect(observed == (try documented[error.journeyName]))
    }

    @Test(arguments: PaymentCardsRepositoryError.allCases)
    func reactsToEachCardsErrorAsDocumented(_ error: PaymentCardsRepositoryError) async throws {
        let (sut, probe) = makeSUT(
            cards: .failure(error), flags: PaymentFeatureFlags(wallet: false, cards: true, applePay: false))

        let observed = await reaction(of: sut, to: error.journeyName, probe: probe)

        #expect(observed == LoadPaymentMethodsUseCase.reaction(to: error).description)
        #expect(observed == (try documented[error.journeyName]))
    }

    @Test(arguments: ApplePayError.allCases)
    func reactsToEachApplePayErrorAsDocumented(_ error: ApplePayError) async throws {
        let (sut, probe) = makeSUT(
            applePay: .failure(error), flags: PaymentFeatureFlags(wallet: false, cards: false, applePay: true))

        let observed = await reaction(of: sut, to: error.journeyName, probe: probe)

        #expect(observed == (try documented[error.journeyName]))
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        let known = Set(
            WalletRepositoryError.allCases.map(\.journeyName) + PaymentCardsRepositoryError.allCases.map(\.journeyName)
                + ApplePayError.allCases.map(\.journeyName))

        #expect(Set(try documented.keys) == known)
    }

    // MARK: Omitting and forwarding

    @Test func aFailedSourceIsLeftOutAndTheRestIsOffered() async throws {
        let (sut, probe) = makeSUT(wallet: .failure(.banned))

        let methods = try await sut.execute()

        #expect(methods.count == 3)
        #expect(!methods.contains { if case .wallet = $0 { true } else { false } })
        #expect(
            probe.entries().map { "\($0.event.action) \($0.event.from) \($0.level)" } == [
                "omitted WalletRepositoryError.banned error"
            ])
    }

    @Test func aMissingWalletIsOnlyInfo() async throws {
        let (sut, probe) = makeSUT(wallet: .failure(.noWalletFound))

        _ = try await sut.execute()

        #expect(probe.entries().map(\.level) == [.info])
    }

    @Test func nothingLeftForExplainedReasonsIsNoPaymentMethods() async {
        let (sut, probe) = makeSUT(
            wallet: .failure(.noWalletFound), cards: .failure(.cardsLocked), applePay: .failure(.serviceNotAvailable))

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(result.error == .noPaymentMethodsFound)
        #expect(probe.actions() == [.omitted, .omitted, .omitted, .mapped])
    }

    @Test func nothingLeftWithAnUnexplainedFailureIsAnUnknownBusinessError() async {
        let (sut, probe) = makeSUT(
            wallet: .failure(.unavailable), cards: .failure(.serviceDown), applePay: .failure(.serviceNotAvailable))

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(
            result.error
                == .unknown(
                    UnknownBusinessError(underlying: [
                        "WalletRepositoryError.unavailable", "PaymentCardsRepositoryError.serviceDown",
                    ])))
        #expect(probe.events().last?.to == "PaymentMethodsError.unknown(UnknownBusinessError)")
        #expect(probe.entries().last?.level == .error)
    }

    @Test func anEmptyCardListIsNotAFailure() async throws {
        let (sut, probe) = makeSUT(wallet: .failure(.noWalletFound), cards: .success([]))

        let methods = try await sut.execute()

        #expect(methods == [.applePay(ApplePay(status: .available))])
        #expect(probe.actions() == [.omitted])
    }

    @Test(arguments: [WalletRepositoryError.shared(.networkUnavailable), .sessionExpired])
    func anAppWideConditionStopsTheLoadBeforeTheNextSource(_ error: WalletRepositoryError) async {
        let cards = InMemoryPaymentCardsRepository(.success([PaymentsSamples.visa]))
        let sut = LoadPaymentMethodsUseCase(
            wallets: InMemoryWalletRepository(.failure(error)), cards: cards,
            applePay: StubApplePayService(.success(ApplePay(status: .available))), logger: quietLogger)

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(result.error != nil)
        #expect(cards.callCount == 0)
    }

    @Test func aSourceTurnedOffByItsFlagIsNeverAsked() async throws {
        let wallets = InMemoryWalletRepository(.success(PaymentsSamples.wallet))
        let sut = LoadPaymentMethodsUseCase(
            wallets: wallets, cards: InMemoryPaymentCardsRepository(.success([PaymentsSamples.visa])),
            applePay: StubApplePayService(.success(ApplePay(status: .available))),
            flags: PaymentFeatureFlags(wallet: false), logger: quietLogger)

        let methods = try await sut.execute()

        #expect(wallets.callCount == 0)
        #expect(methods.count == 2)
    }

    // MARK: - Helpers

    private var documented: [String: String] {
        get throws { try ArchitectureDocument.boundary("LoadPaymentMethodsUseCase") }
    }

    /// What the use case did with `name`, in the words of ARCHITECTURE.md.
    private func reaction(of sut: LoadPaymentMethodsUseCase, to name: String, probe: JourneyProbe) async -> String {
        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())
        guard let entry = probe.entries().first(where: { $0.event.from == name }) else { return "no reaction recorded" }
        switch entry.event.action {
        case .forwarded:
            return "forwarded as \(result.error?.journeyName ?? "nothing")"
        case .omitted:
            let unexplained = if case .unknown = result.error { true } else { false }
            return "omitted (\(entry.level)\(unexplained ? ", unexplained" : ""))"
        default:
            return "\(entry.event.action)"
        }
    }

    private func makeSUT(
        wallet: Result<Wallet, WalletRepositoryError> = .success(PaymentsSamples.wallet),
        cards: Result<[PaymentCard], PaymentCardsRepositoryError> = .success([
            PaymentsSamples.visa, PaymentsSamples.mastercard,
        ]),
        applePay: Result<ApplePay, ApplePayError> = .success(ApplePay(status: .available)),
        flags: PaymentFeatureFlags = .all
    ) -> (LoadPaymentMethodsUseCase, JourneyProbe) {
        let probe = JourneyProbe()
        let sut = LoadPaymentMethodsUseCase(
            wallets: InMemoryWalletRepository(wallet), cards: InMemoryPaymentCardsRepository(cards),
            applePay: StubApplePayService(applePay), flags: flags, logger: probe.logger)
        return (sut, probe)
    }
}
