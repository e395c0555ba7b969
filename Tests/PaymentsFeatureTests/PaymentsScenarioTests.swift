import AuthFeature
import Composition
import Domain
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// The payments and wallet scenarios of the catalog, at the view-model level: the whole feature over an
/// in-memory backend, asserting the State and the journey the layers recorded.
@MainActor
@Suite("Payments scenarios at the view-model level", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct PaymentsScenarioTests {
    @Test func paymentsHappy() async {
        let world = TestApp(
            routes: RouteScript([
                "/v1/wallet": [.respond(.json(200, Bodies.wallet))],
                "/v1/payment-cards": [.respond(.json(200, Bodies.twoCards))],
            ]))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.methodCount == 4)
        #expect(world.router.presentedError == nil)
        #expect(world.journey.isEmpty)
    }

    @Test func walletMissing() async {
        let world = TestApp(routes: routes(wallet: .respond(.contractError(404, "wallet_not_found"))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.wallet == nil && sut.state.methodCount == 3)
        #expect(world.router.presentedError == nil)
        #expect(
            world.journey == [
                "networking mapped HTTP 404 wallet_not_found → HTTPClientError.notFound",
                "data mapped HTTPClientError.notFound → WalletRepositoryError.noWalletFound",
                "domain omitted WalletRepositoryError.noWalletFound → nil",
            ])
        #expect(world.probe.entries().last?.level == .info)
    }

    @Test func walletBanned() async {
        let world = TestApp(routes: routes(wallet: .respond(.contractError(403, "wallet_banned"))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.wallet == nil && sut.state.methodCount == 3)
        #expect(world.router.presentedError == nil)
        #expect(
            world.journey == [
                "networking mapped HTTP 403 wallet_banned → HTTPClientError.forbidden",
                "data mapped HTTPClientError.forbidden → WalletRepositoryError.banned",
                "domain omitted WalletRepositoryError.banned → nil",
            ])
        #expect(world.probe.entries().last?.level == .error)
    }

    @Test func walletInReview() async {
        let world = TestApp(routes: routes(wallet: .respond(.json(200, Bodies.walletInReview("pending")))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.wallet == nil && sut.state.methodCount == 3)
        #expect(
            world.journey == [
                "data mapped wallet status in_review → WalletRepositoryError.inReview(pending)",
                "domain omitted WalletRepositoryError.inReview(pending) → nil",
            ])
    }

    @Test func cardsServiceDown() async {
        let world = TestApp(routes: routes(cards: .respond(.json(200, Bodies.envelopeError("SERVICE_DOWN")))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.paymentCards.isEmpty && sut.state.wallet != nil && sut.state.applePay != nil)
        #expect(world.router.presentedError == nil)
        #expect(
            world.journey == [
                "networking mapped HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
                "data mapped HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
                "domain omitted PaymentCardsRepositoryError.serviceDown → nil",
            ])
    }

    @Test func cardsPartlyInvalid() async {
        let cards = Bodies.cards([
            Bodies.card("c-1", "visa", "4242", 4), Bodies.card("c-2", "visa", "1111", 13),
            #"{"id":"c-3","brand":"amex","expiryMonth":1,"expiryYear":2027,"holderName":"Ada"}"#,
            Bodies.card("c-4", "diners", "3000", 9),
        ])
        let world = TestApp(routes: routes(cards: .respond(.json(200, cards))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.paymentCards.map(\.last4) == ["4242", "3000"])
        #expect(sut.state.paymentCards.map(\.brand) == ["Visa", "Card"])
        #expect(
            await world.deliveredReports() == [
                "/v1/payment-cards cards[1].expiryMonth invalid", "/v1/payment-cards cards[2].last4 missing",
                "/v1/payment-cards cards[3].brand novel",
            ])
        #expect(world.probe.actions() == [.reported, .reported, .reported])
    }

    @Test func applePayNeedsSetup() async {
        let world = TestApp(device: .noCardSetUp, routes: routes())
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.applePay?.status == "needs setup")
        #expect(world.journey.isEmpty)
    }

    @Test func applePayUnavailable() async {
        let world = TestApp(device: .cannotMakePayments, routes: routes())
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.applePay == nil && sut.state.methodCount == 3)
        #expect(
            world.journey == [
                "vendor mapped PassKit canMakePayments() false → ApplePayError.serviceNotAvailable",
                "domain omitted ApplePayError.serviceNotAvailable → nil",
            ])
    }

    @Test func noPaymentMethods() async {
        let world = TestApp(
            device: .cannotMakePayments,
            routes: routes(
                wallet: .respond(.contractError(404, "wallet_not_found")),
                cards: .respond(.json(200, Bodies.envelopeError("CARDS_LOCKED")))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.isEmpty && sut.state.message == "No payment methods")
        #expect(world.router.presentedError == nil)
        #expect(
            world.journey.suffix(2) == [
                "domain mapped no payment method left → PaymentMethodsError.noPaymentMethodsFound",
                "presentation mapped PaymentMethodsError.noPaymentMethodsFound → state.isEmpty (no alert)",
            ])
    }

    @Test func paymentsUnexpected() async {
        let world = TestApp(
            device: .cannotMakePayments,
            routes: routes(
                wallet: .respond(.json(500, #"{"error":"internal"}"#)),
                cards: .respond(.json(200, Bodies.envelopeError("SERVICE_DOWN")))))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(world.router.presentedError?.message?.hasPrefix("Developer detail") == true, "DEV shows the detail")
        #expect(world.probe.actions().filter { $0 == .retried }.count == 2)
        #expect(
            world.journey.suffix(3) == [
                "domain mapped no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "presentation forwarded PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
            ])
    }

    @Test func offline() async {
        let routes = routes(wallet: .fail(.offline))
        let world = TestApp(routes: routes)
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(world.router.presentedError?.title == "Network unavailable")
        #expect(sut.state.methodCount == 0, "no partial list built on an unreachable backend")
        #expect(
            world.journey.suffix(3) == [
                "domain forwarded WalletRepositoryError.appWide(AppWideCondition.offline) → PaymentMethodsError.appWide(AppWideCondition.offline)",
                "presentation forwarded PaymentMethodsError.appWide(AppWideCondition.offline) → Navigation: AppWideCondition.offline",
                "navigation presented AppWideCondition.offline → alert: condition.offline.title [checkConnection, retry]",
            ])
        #expect(
            world.journey.contains(
                "data mapped HTTPClientError.offline → WalletRepositoryError.appWide(AppWideCondition.offline)"))
    }

    @Test func serverFlaky() async {
        let flaky = ScriptAnswer.respond(.json(503, #"{"error":"maintenance"}"#, headers: ["Retry-After": "0"]))
        let world = TestApp(
            routes: RouteScript([
                "/v1/wallet": [.respond(.json(200, Bodies.wallet))],
                "/v1/payment-cards": [flaky, flaky, .respond(.json(200, Bodies.twoCards))],
            ]))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.methodCount == 4)
        #expect(world.probe.actions() == [.mapped, .retried, .mapped, .retried])
        #expect(world.clock.recordedSleeps == [.zero, .zero], "Retry-After: 0 is honoured, not replaced by backoff")
    }

    @Test func rateLimited() async {
        let world = TestApp(
            routes: RouteScript([
                "/v1/wallet": [
                    .respond(.contractError(429, "rate_limited", headers: ["Retry-After": "1"])),
                    .respond(.json(200, Bodies.wallet)),
                ],
                "/v1/payment-cards": [.respond(.json(200, Bodies.twoCards))],
            ]))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.methodCount == 4)
        #expect(world.probe.events().first { $0.action == .retried }?.waited == .seconds(1))
    }

    @Test func slowBackend() async {
        let world = TestApp(routes: routes(wallet: .fail(.timedOut)))
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(world.router.presentedError?.title == "The server is taking too long")
        #expect(
            world.journey.last
                == "navigation presented AppWideCondition.timedOut → alert: condition.timedOut.title [retry]")
    }

    @Test func tokenExpired() async {
        let world = TestApp(script: { request, _ in
            if request.path == "/v1/auth/refresh" {
                return .json(200, #"{"accessToken":"new","refreshToken":"refresh-new","expiresIn":600}"#)
            }
            guard request.headers["Authorization"] == "Bearer new" else { return .contractError(401, "token_expired") }
            return request.path == "/v1/wallet" ? .json(200, Bodies.wallet) : .json(200, Bodies.twoCards)
        })
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.methodCount == 4)
        #expect(world.refreshRequests == 1, "one refresh for both sources, asked at once")
        #expect(world.probe.actions().filter { $0 == .recovered }.count == 1)
        let expired = world.spy.requests.filter { $0.headers["Authorization"] == "Bearer old" }.map(\.path)
        #expect(
            Set(world.journey.filter { $0.hasPrefix("networking retried") })
                == Set(
                    expired.map {
                        "networking retried HTTPClientError.unauthorized(token_expired) → replayed GET \($0) with the new token"
                    }),
            "every call sent with the expired token, and only those, was replayed")
    }

    @Test func sessionRevoked() async {
        let refreshGate = AsyncGate()
        let world = TestApp(script: { request, _ in
            guard request.path == "/v1/auth/refresh" else { return .contractError(401, "token_expired") }
            await refreshGate.wait()
            return .contractError(401, "invalid_grant")
        })
        let sut = world.app.paymentMethods()

        // The refresh is answered once both sources have been sent with the expired token.
        let loading = Task { await sut.load() }
        await eventually("both sources sent") { world.spy.requests.count == 3 }
        await refreshGate.open()
        await loading.value

        #expect(world.router.route == .signIn)
        #expect(world.router.presentedError == nil)
        #expect(await world.store.load() == nil, "the session is over")
        #expect(
            world.spy.requests.map(\.path).sorted() == ["/v1/auth/refresh", "/v1/payment-cards", "/v1/wallet"],
            "each source was sent once, one refresh, and nothing after the session ended")
        #expect(
            world.journey.suffix(3) == [
                "domain forwarded WalletRepositoryError.appWide(AppWideCondition.sessionExpired) → PaymentMethodsError.appWide(AppWideCondition.sessionExpired)",
                "presentation forwarded PaymentMethodsError.appWide(AppWideCondition.sessionExpired) → Navigation: AppWideCondition.sessionExpired",
                "navigation routed AppWideCondition.sessionExpired → signIn",
            ])
        #expect(
            world.journey.contains("networking mapped refresh answered invalid_grant → HTTPClientError.sessionExpired"))
    }

    @Test func walletPageHappy() async {
        let world = TestApp(routes: routes())
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == "EUR 12.50")
        #expect(sut.state.error == nil)
        #expect(world.journey.isEmpty)
    }

    @Test func walletPageNoWallet() async {
        let world = TestApp(routes: routes(wallet: .respond(.contractError(404, "wallet_not_found"))))
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.error?.title == "You don't have a wallet yet")
        #expect(sut.state.error?.presentation == .inline)
        #expect(sut.state.error?.actions.map(\.label) == ["Create a wallet"])
        #expect(
            world.journey == [
                "networking mapped HTTP 404 wallet_not_found → HTTPClientError.notFound",
                "data mapped HTTPClientError.notFound → WalletRepositoryError.noWalletFound",
                "domain mapped WalletRepositoryError.noWalletFound → WalletPageError.noWallet",
                "presentation presented WalletPageError.noWallet → inline: wallet.noWallet.title [createWallet]",
            ])
    }

    private typealias ScriptAnswer = RouteScript.Answer

    private func routes(
        wallet: ScriptAnswer = .respond(.json(200, Bodies.wallet)),
        cards: ScriptAnswer = .respond(.json(200, Bodies.twoCards))
    ) -> RouteScript {
        RouteScript(["/v1/wallet": [wallet], "/v1/payment-cards": [cards]])
    }
}
