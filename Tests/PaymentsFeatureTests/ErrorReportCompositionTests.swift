import Composition
import Domain
import ErrorReports
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// The composed app reports each unexplained error once, where its journey ends: Navigation's presentation covers
/// the sources the use case folded into it; a source left out while the screen shows the rest is reported at the
/// end of the load.
@MainActor
@Suite("Error reports from the composed app", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ErrorReportCompositionTests {
    @Test(arguments: AppEnvironment.allCases)
    func anUnexplainedLoadSendsOneReportNotOnePerLayerOrSource(_ environment: AppEnvironment) async throws {
        let world = TestApp(
            environment: environment, device: .cannotMakePayments,
            routes: routes(
                wallet: .respond(.contractError(500, "internal")),
                cards: .respond(.json(200, #"{"status":"error","code":"SERVICE_DOWN"}"#))))

        await world.app.paymentMethods().load()

        let reports = await world.sentErrorReports()
        #expect(reports.map { $0.fingerprint.value } == ["PaymentMethodsError.unknown/networking/internal"])
        #expect(reports.first?.environment == environment.rawValue)
        #expect(reports.first?.breadcrumbs.last?.layer == .navigation)
    }

    @Test func aSourceLeftOutUnexplainedIsReportedOnceWhenTheLoadEnds() async throws {
        let world = TestApp(
            routes: routes(cards: .respond(.json(200, #"{"status":"error","code":"SERVICE_DOWN"}"#))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.wallet != nil, "the screen shows the rest")
        let reports = await world.sentErrorReports()
        #expect(reports.map { $0.fingerprint.value } == ["PaymentCardsRepositoryError.serviceDown/data/-"])
        #expect(reports.first?.breadcrumbs.map(\.action).last == .omitted)
    }

    @Test func anExplainedOmissionOrAHappyLoadSendsNothing() async throws {
        let world = TestApp(routes: routes(wallet: .respond(.contractError(404, "wallet_not_found"))))

        await world.app.paymentMethods().load()
        await world.app.paymentMethods().load()

        #expect(await world.sentErrorReports().isEmpty)
    }

    @Test func aDecodingDefectLeftOutGoesAsAClientReportOnly() async throws {
        let world = TestApp(routes: routes(wallet: .respond(.json(200, Self.walletOfANovelStatus))))

        await world.app.paymentMethods().load()

        #expect(await world.deliveredReports() == ["/v1/wallet status novel"])
        #expect(await world.sentErrorReports().isEmpty, "never reported twice")
    }

    @Test func anUnexplainedErrorWhoseOnlyCauseIsADecodingDefectIsNotReportedTwice() async throws {
        let world = TestApp(routes: routes(wallet: .respond(.json(200, Self.walletOfANovelStatus))))

        await world.app.walletPage().load()

        #expect(world.router.presentedError != nil, "Navigation presents it")
        #expect(await world.deliveredReports() == ["/v1/wallet status novel"])
        #expect(await world.sentErrorReports().isEmpty)
    }

    @Test func aDecodingDefectBesideAnotherUnexplainedFailureStillSendsTheOneReport() async throws {
        let world = TestApp(
            device: .cannotMakePayments,
            routes: routes(
                wallet: .respond(.json(200, Self.walletOfANovelStatus)),
                cards: .respond(.json(200, Bodies.envelopeError("SERVICE_DOWN")))))

        await world.app.paymentMethods().load()

        #expect(
            await world.sentErrorReports().map { $0.fingerprint.value } == [
                "PaymentMethodsError.unknown/data/-"
            ])
    }

    /// Each report of these loads, byte for byte: the fingerprint, then the breadcrumbs (backends group by the one and
    /// people read the other).
    @Test(arguments: ReportingLoad.allCases, AppEnvironment.allCases)
    func eachReportKeepsItsFingerprintAndBreadcrumbs(_ load: ReportingLoad, _ environment: AppEnvironment) async {
        let world = TestApp(
            environment: environment, device: load.device, routes: routes(wallet: load.wallet, cards: load.cards))

        await world.app.paymentMethods().load()

        let sent = await world.sentErrorReports().map(ReportGolden.lines)
        #expect(sent.count == 1)
        #expect(ReportGolden.matches(sent.first ?? [], load.golden(environment)), "\(sent)")
    }

    static let walletOfANovelStatus = #"{"id":"w-1","balance":{"amount":"1","currency":"EUR"},"status":"frozen"}"#

    @Test func breadcrumbsAreRedactedLikeEverythingElse() async throws {
        let world = TestApp(routes: routes())
        let secret = "tok-9f8e7d6c5b4a3"
        world.app.configuration.secrets.register(secret, as: .token)
        let presenter = ScreenPresenter(screen: "test", router: world.router, logger: world.app.logger)

        _ = await presenter.run(
            { () async throws(Leaky) in
                JourneyRecorder(.data, logger: world.app.logger).record(
                    .mapped, from: "Leaky.secret", to: "bearer \(secret) for ada@example.org", category: .default)
                throw Leaky.secret
            }, show: { _ in }, ownWords: { _ in nil })

        await world.app.reports.flush()
        let body = try #require(world.spy.requests.last { $0.path == "/v1/error-reports" }?.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(!text.contains(secret) && !text.contains("ada@example.org"))
        #expect(text.contains("[redacted]"))
    }

    private func routes(
        wallet: RouteScript.Answer = .respond(.json(200, Bodies.wallet)),
        cards: RouteScript.Answer = .respond(.json(200, Bodies.twoCards))
    ) -> RouteScript {
        RouteScript(["/v1/wallet": [wallet], "/v1/payment-cards": [cards]])
    }
}

private enum Leaky: LayerError {
    case secret

    static let owningLayer = JourneyLayer.data
    var errorCase: ErrorCase {
        switch self {
        case .secret: .default("secret")
        }
    }
}

/// The payment-methods loads that send an error report.
enum ReportingLoad: CaseIterable, Sendable {
    /// Every source fails unexplained or is unavailable: Navigation presents `PaymentMethodsError.unknown`.
    case nothingLeft
    /// The cards service is down and the rest shows.
    case cardsLeftOut
    /// The wallet's body has a status this app does not know, and the cards service is down: nothing is left.
    case brokenWalletBesideCardsDown

    var device: SimulatedApplePayDevice {
        self == .cardsLeftOut ? .ready : .cannotMakePayments
    }

    var wallet: RouteScript.Answer {
        switch self {
        case .nothingLeft: .respond(.contractError(500, "internal"))
        case .cardsLeftOut: .respond(.json(200, Bodies.wallet))
        case .brokenWalletBesideCardsDown:
            .respond(.json(200, #"{"id":"w-1","balance":{"amount":"1","currency":"EUR"},"status":"frozen"}"#))
        }
    }

    /// The report the load sent when the reporter rebuilt it from log lines.
    func golden(_ environment: AppEnvironment) -> [String] {
        switch (self, environment) {
        case (.brokenWalletBesideCardsDown, .dev):
            [
                "PaymentMethodsError.unknown/data/-",
                "networking reported [-] status novel → client report for /v1/wallet",
                "data mapped [default] wallet status unknown to this app version → WalletRepositoryError.unavailable",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] WalletRepositoryError.unavailable → —",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
                "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
                "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry]",
            ]
        case (.brokenWalletBesideCardsDown, .prod):
            [
                "PaymentMethodsError.unknown/data/-",
                "networking reported [-] status novel → client report for /v1/wallet",
                "data mapped [default] wallet status unknown to this app version → WalletRepositoryError.unavailable",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] WalletRepositoryError.unavailable → —",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
                "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
                "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry]",
                "navigation logged [default] PaymentMethodsError.unknown(UnknownBusinessError) → PaymentMethodsError.unknown(UnknownBusinessError) reached Navigation unexplained; from: DecodingFailure.novel(status) in data; PaymentCardsRepositoryError.serviceDown in data · code SERVICE_DOWN",
            ]
        case (.cardsLeftOut, .dev):
            [
                "PaymentCardsRepositoryError.serviceDown/data/-",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
            ]
        case (.cardsLeftOut, .prod):
            [
                "PaymentCardsRepositoryError.serviceDown/data/-",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
            ]
        case (.nothingLeft, .dev):
            [
                "PaymentMethodsError.unknown/networking/internal",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] WalletRepositoryError.unavailable → —",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
                "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
                "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
            ]
        case (.nothingLeft, .prod):
            [
                "PaymentMethodsError.unknown/networking/internal",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
                "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
                "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
                "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted [default] WalletRepositoryError.unavailable → —",
                "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
                "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
                "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry]",
                "navigation logged [default] PaymentMethodsError.unknown(UnknownBusinessError) → PaymentMethodsError.unknown(UnknownBusinessError) reached Navigation unexplained; from: HTTPClientError.server(500) in networking · HTTP 500 · code internal · request <request> · trace <trace>; PaymentCardsRepositoryErro",
            ]
        }
    }

    var cards: RouteScript.Answer {
        .respond(.json(200, Bodies.envelopeError("SERVICE_DOWN")))
    }
}
