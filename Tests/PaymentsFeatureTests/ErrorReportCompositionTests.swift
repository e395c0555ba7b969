import Composition
import Domain
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
@Suite("Error reports from the composed app", .timeLimit(.minutes(3)))
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
        case .secret: .unexplained("secret")
        }
    }
}
