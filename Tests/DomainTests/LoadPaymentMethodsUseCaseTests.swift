import Domain
import Logging
import SharedError
import TestSupport
import Testing

@Suite("LoadPaymentMethodsUseCase", .journeyProbe)
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

    // MARK: Boundary: every case of every source's error, against docs/boundaries.md

    @Test(arguments: WalletRepositoryError.allCases)
    func reactsToEachWalletErrorAsDocumented(_ error: WalletRepositoryError) async throws {
        let (sut, probe) = makeSUT(
            wallet: .failure(error), flags: PaymentFeatureFlags(wallet: true, cards: false, applePay: false))

        try await check(error, sut, probe)
    }

    @Test(arguments: PaymentCardsRepositoryError.allCases)
    func reactsToEachCardsErrorAsDocumented(_ error: PaymentCardsRepositoryError) async throws {
        let (sut, probe) = makeSUT(
            cards: .failure(error), flags: PaymentFeatureFlags(wallet: false, cards: true, applePay: false))

        try await check(error, sut, probe)
    }

    @Test(arguments: ApplePayError.allCases)
    func reactsToEachApplePayErrorAsDocumented(_ error: ApplePayError) async throws {
        let (sut, probe) = makeSUT(
            applePay: .failure(error), flags: PaymentFeatureFlags(wallet: false, cards: false, applePay: true))

        try await check(error, sut, probe)
    }

    @Test func theDocumentNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("LoadPaymentMethodsUseCase").checkNamesExactly(
            WalletRepositoryError.allCases.map(\.journeyName) + PaymentCardsRepositoryError.allCases.map(\.journeyName)
                + ApplePayError.allCases.map(\.journeyName))
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
            wallet: .failure(.unavailable(.sample)), cards: .failure(.serviceDown),
            applePay: .failure(.serviceNotAvailable))

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(
            result.error
                == .unknown(
                    UnknownBusinessError(underlying: [
                        .sample,
                        Diagnostic(
                            error: "PaymentCardsRepositoryError.serviceDown", layer: .data, serverCode: "SERVICE_DOWN"),
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

    @Test(arguments: [
        (WalletRepositoryError.appWide(.offline), PaymentMethodsError.appWide(.offline)),
        (.appWide(.sessionExpired), .appWide(.sessionExpired)),
    ])
    func anAppWideConditionStopsTheLoadAndNothingIsOffered(
        _ error: WalletRepositoryError, _ expected: PaymentMethodsError
    ) async {
        let (sut, probe) = makeSUT(wallet: .failure(error))

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(result.error == expected)
        #expect(probe.actions() == [.forwarded], "the other sources' answers are not decided on")
    }

    @Test func theSourcesAreAskedAtOnceAndDecidedInOrder() async throws {
        let gate = AsyncGate()
        let wallets = GatedWalletRepository(gate: gate, result: .failure(.banned))
        let cards = InMemoryPaymentCardsRepository(.failure(.cardsLocked))
        let probe = JourneyProbe()
        let sut = LoadPaymentMethodsUseCase(
            wallets: wallets, cards: cards, applePay: StubApplePayService(.success(ApplePay(status: .available))),
            logger: probe.logger)

        let load = Task { await outcome(of: PaymentMethodsError.self, try await sut.execute()) }
        await eventually("the cards to be asked") { cards.callCount > 0 }
        await gate.open()
        let methods = try #require(await load.value.value)

        #expect(methods == [.applePay(ApplePay(status: .available))], "cards were asked while the wallet still waited")
        #expect(
            probe.events().map(\.from) == ["WalletRepositoryError.banned", "PaymentCardsRepositoryError.cardsLocked"])
    }

    @Test func aCancelledSourceStopsTheLoadQuietly() async {
        let (sut, probe) = makeSUT(wallet: .failure(.cancelled))

        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())

        #expect(result.error == .cancelled)
        #expect(probe.actions() == [.forwarded])
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

    /// Runs `error` as the only source's failure and checks the use case's step against the table: the first step
    /// is about the source; a second (nothing left) says whether the omission was explained.
    private func check(_ error: some SourceFailure, _ sut: LoadPaymentMethodsUseCase, _ probe: JourneyProbe)
        async throws
    {
        let result = await outcome(of: PaymentMethodsError.self, try await sut.execute())
        let step = try #require(probe.entries().first)
        #expect(step.event.from == error.journeyName)
        var reaction = Reaction.recorded(
            by: .domain, in: probe, result: step.event.action == .forwarded ? result.error : nil)
        if step.event.action == .omitted {
            // With this the only source, what is left says whether the omission was explained.
            let explained = result.error == .noPaymentMethodsFound ? "explained" : "unexplained"
            reaction.actions = [.omitted]
            reaction.description = "omitted at \(step.level), \(explained)"
        }
        try BoundaryTable("LoadPaymentMethodsUseCase").check(
            error.journeyName, category: error.category, reaction: reaction)
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
