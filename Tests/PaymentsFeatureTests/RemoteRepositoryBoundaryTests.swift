import Composition
import Domain
import Foundation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// Every error the chain can throw, through the real repositories, against `docs/boundaries.md`.
@Suite("Data boundaries: the repositories map every HTTPClientError and DecodingFailure", .journeyProbe)
struct RemoteRepositoryBoundaryTests {
    /// Each kind, plus the service codes that change a status's meaning.
    static let walletInputs = HTTPClientErrorSamples.all(plus: [
        (.notFound, "wallet_not_found"), (.forbidden, "wallet_banned"),
    ])

    static let cardsInputs =
        HTTPClientErrorSamples.all() + [
            (
                "HTTPClientError.errorEnvelope(CARDS_LOCKED)",
                HTTPClientErrorSamples.error(.errorEnvelope(code: "CARDS_LOCKED"))
            ),
            (
                "HTTPClientError.errorEnvelope(SOMETHING_NEW)",
                HTTPClientErrorSamples.error(.errorEnvelope(code: "SOMETHING_NEW"))
            ),
        ]

    static let walletBodies = [
        ("DecodingFailure", #"{"balance":{"amount":"1","currency":"EUR"},"status":"active"}"#),
        ("status in_review + pending", Bodies.walletInReview("pending")),
        ("status in_review + being_processed", Bodies.walletInReview("being_processed")),
        ("status novel", #"{"id":"w-1","balance":{"amount":"1","currency":"EUR"},"status":"frozen"}"#),
    ]

    @Test(arguments: walletInputs)
    func walletRepositoryMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError))
        async throws
    {
        let (sut, probe) = makeWalletRepository(.failure(input.error))

        let thrown = try #require(await outcome(of: WalletRepositoryError.self, try await sut.fetchWallet()).error)

        #expect(probe.events().map(\.from) == [input.error.journeyName])
        try BoundaryTable("RemoteWalletRepository").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test(arguments: walletBodies)
    func walletRepositoryMapsEachBodyAsDocumented(_ key: String, _ body: String) async throws {
        let (sut, probe) = makeWalletRepository(.success(.json(200, body)))

        let thrown = try #require(await outcome(of: WalletRepositoryError.self, try await sut.fetchWallet()).error)

        let category: ErrorCategory? = key == "DecodingFailure" ? ErrorCategory.unhandleable : nil
        try BoundaryTable("RemoteWalletRepository").check(
            key, category: category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func theWalletTableNamesNothingElse() throws {
        try BoundaryTable("RemoteWalletRepository").checkNamesExactly(
            Self.walletInputs.map(\.key) + Self.walletBodies.map(\.0))
    }

    @Test(arguments: cardsInputs)
    func cardsRepositoryMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws
    {
        let probe = JourneyProbe()
        let sut = RemotePaymentCardsRepository(
            client: HTTPClientSpy(results: [.failure(input.error)]), baseURL: TestApp.baseURL,
            reporter: ClientReportingSpy(), logger: probe.logger)

        let thrown = try #require(await outcome(of: PaymentCardsRepositoryError.self, try await sut.fetchCards()).error)

        try BoundaryTable("RemotePaymentCardsRepository").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test(arguments: [#"{"status":"ok"}"#, "<html>502</html>", #"{"status":"ok","cards":{"c-1":{}}}"#])
    func cardsRepositoryMapsABrokenBodyAsDocumented(_ body: String) async throws {
        let probe = JourneyProbe()
        let sut = RemotePaymentCardsRepository(
            client: HTTPClientSpy(answering: .json(200, body)), baseURL: TestApp.baseURL,
            reporter: ClientReportingSpy(), logger: probe.logger)

        let thrown = try #require(await outcome(of: PaymentCardsRepositoryError.self, try await sut.fetchCards()).error)

        try BoundaryTable("RemotePaymentCardsRepository").check(
            "DecodingFailure", category: .unhandleable, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func theCardsTableNamesNothingElse() throws {
        try BoundaryTable("RemotePaymentCardsRepository").checkNamesExactly(
            Self.cardsInputs.map(\.key) + ["DecodingFailure"])
    }

    @Test(arguments: SimulatedApplePayDevice.allCases)
    func applePayFacadeMapsEachDeviceAsDocumented(_ device: SimulatedApplePayDevice) throws {
        let probe = JourneyProbe()
        let sut = PassKitApplePayService(device: device, logger: probe.logger)

        let reaction: Reaction
        do throws(ApplePayError) {
            reaction = .value("ApplePay(\(try sut.fetchApplePay().status.rawValue))")
        } catch {
            reaction = .recorded(by: .vendor, in: probe, result: error)
        }

        try BoundaryTable("PassKitApplePayService").check(
            "PassKit \(device.rawValue)", category: nil, reaction: reaction)
    }

    // MARK: - Helpers

    private func makeWalletRepository(_ result: Result<HTTPResponse, HTTPClientError>) -> (
        RemoteWalletRepository, JourneyProbe
    ) {
        let probe = JourneyProbe()
        let sut = RemoteWalletRepository(
            client: HTTPClientSpy(results: [result]), baseURL: TestApp.baseURL, reporter: ClientReportingSpy(),
            logger: probe.logger)
        return (sut, probe)
    }
}

@Suite("RemoteWalletRepository and RemotePaymentCardsRepository")
struct RemoteRepositoryTests {
    @Test(arguments: [#""12.50""#, "12.5"])
    func decodesAnActiveWalletWithAnAmountAsStringOrNumber(_ amount: String) async throws {
        let body = #"{"id":"w-1","balance":{"amount":\#(amount),"currency":"EUR"},"status":"active"}"#
        let spy = HTTPClientSpy(answering: .json(200, body))
        let sut = RemoteWalletRepository(
            client: spy, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)

        let wallet = try await sut.fetchWallet()

        #expect(wallet == PaymentsSamples.wallet)
        #expect(spy.requests.map(\.url.path) == ["/v1/wallet"])
        #expect(spy.requests.first?.method == .get)
    }

    /// A repository keeps its URL between calls, never its request: each call has a request id of its own.
    @Test func eachCallIsARequestOfItsOwn() async throws {
        let wallet = #"{"id":"w-1","balance":{"amount":"1","currency":"EUR"},"status":"active"}"#
        let walletSpy = HTTPClientSpy(answering: .json(200, wallet))
        let cardsSpy = HTTPClientSpy(answering: .json(200, Bodies.cards([])))
        let wallets = RemoteWalletRepository(
            client: walletSpy, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)
        let cards = RemotePaymentCardsRepository(
            client: cardsSpy, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)

        for _ in 0..<3 {
            _ = try await wallets.fetchWallet()
            _ = try await cards.fetchCards()
        }

        #expect(Set(walletSpy.requests.map(\.id)).count == 3, "\(walletSpy.requests.map(\.id))")
        #expect(Set(cardsSpy.requests.map(\.id)).count == 3, "\(cardsSpy.requests.map(\.id))")
    }

    @Test func reportsAnUnknownWalletStatusAsNovel() async throws {
        let reporter = ClientReportingSpy()
        let sut = RemoteWalletRepository(
            client: HTTPClientSpy(
                answering: .json(200, #"{"id":"w-1","balance":{"amount":"1","currency":"EUR"},"status":"frozen"}"#)),
            baseURL: TestApp.baseURL, reporter: reporter, logger: quietLogger)

        _ = await outcome(of: WalletRepositoryError.self, try await sut.fetchWallet())

        #expect(reporter.submitted.map { "\($0.endpoint) \($0.keyPath) \($0.kind)" } == ["/v1/wallet status novel"])
    }

    @Test func keepsTheGoodCardsDropsTheBadOnesAndReportsThem() async throws {
        let reporter = ClientReportingSpy()
        let body = Bodies.cards([
            Bodies.card("c-1", "visa", "4242", 4), Bodies.card("c-2", "visa", "1111", 13),
            #"{"id":"c-3","brand":"amex","expiryMonth":1,"expiryYear":2027,"holderName":"Ada"}"#,
            Bodies.card("c-4", "diners", "3000", 9),
        ])
        let sut = RemotePaymentCardsRepository(
            client: HTTPClientSpy(answering: .json(200, body)), baseURL: TestApp.baseURL, reporter: reporter,
            logger: quietLogger)

        let cards = try await sut.fetchCards()

        #expect(cards.map(\.id) == ["c-1", "c-4"])
        #expect(cards.map(\.brand) == [.visa, .other])
        #expect(
            reporter.submitted.map { "\($0.keyPath) \($0.kind)" } == [
                "cards[1].expiryMonth invalid", "cards[2].last4 missing", "cards[3].brand novel",
            ])
    }
}
