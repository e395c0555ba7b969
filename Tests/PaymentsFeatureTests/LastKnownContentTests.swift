import AuthFeature
import Composition
import Domain
import Foundation
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// The wallet page and the payment methods over the composed app's last-known content: loaded at 10:02, then the
/// backend cannot be reached (or does not answer in time) at 10:32.
@MainActor
@Suite(
    "Payments: last content when the backend cannot be reached", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct LastKnownPaymentsTests {
    @Test func theWalletPageShowsItsLastContentOfflineWithItsAgeAndTryAgainInsteadOfTheAlert() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)])
        await world.app.walletPage().load()
        world.clock.advance(by: .seconds(30 * 60))
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == "EUR 12.50")
        #expect(sut.state.notice?.title == "Showing content from 10:02 — you are offline.")
        #expect(sut.state.notice?.key == "payments.lastContent.offline")
        #expect(sut.state.notice?.actions.map(\.label) == ["Try again"])
        #expect(sut.state.error == nil)
        #expect(world.router.presentedError == nil, "no alert")
        #expect(
            world.journey.last
                == "data recovered WalletRepositoryError.appWide(AppWideCondition.offline) → last content from 10:02")
    }

    @Test func timedOutSaysTheServerDidNotAnswerInTime() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.timedOut)])
        await world.app.walletPage().load()
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.notice?.title == "Showing content from 10:02 — the server did not answer in time.")
        #expect(world.router.presentedError == nil)
    }

    @Test func inGermanTheNoticeIsGerman() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)], language: .german)
        await world.app.walletPage().load()
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.notice?.title == "Du siehst den Stand von 10:02 – du bist offline.")
        #expect(sut.state.notice?.actions.map(\.label) == ["Erneut versuchen"])
    }

    @Test func freshContentHasNoNotice() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet))])
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.notice == nil)
    }

    @Test func withNothingKeptTheAlertIsAsBefore() async {
        let world = makeWorld(wallet: [.fail(.offline)])
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == nil && sut.state.notice == nil)
        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    @Test func contentPastItsDayIsNotShown() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)])
        await world.app.walletPage().load()
        world.clock.advance(by: .seconds(24 * 60 * 60))
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == nil)
        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    @Test func anotherUsersContentIsNeverShown() async throws {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)])
        await world.app.walletPage().load()
        var other = TestApp.session()
        other.userID = "u-2"
        try await world.store.save(other)
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == nil)
        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    @Test func afterASignOutNothingIsShownEvenToTheSameUserSigningInAgain() async throws {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)])
        await world.app.walletPage().load()
        _ = try await world.store.clear()
        var again = TestApp.session()
        again.signedInAt = Date(timeIntervalSince1970: 1_900_000_000)
        try await world.store.save(again)
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == nil)
        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    @Test func anErrorOtherThanOfflineOrTimedOutIsNeverAnsweredWithLastContent() async {
        let world = makeWorld(wallet: [
            .respond(.json(200, Bodies.wallet)), .respond(.contractError(404, "wallet_not_found")),
        ])
        await world.app.walletPage().load()
        let sut = world.app.walletPage()

        await sut.load()

        #expect(sut.state.balance == nil && sut.state.notice == nil)
        #expect(sut.state.error?.key == "wallet.noWallet.title")
    }

    @Test func thePaymentMethodsShowTheLastWalletAndCardsWithTheNotice() async {
        let world = makeWorld(
            wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)],
            cards: [.respond(.json(200, Bodies.twoCards)), .fail(.offline)])
        await world.app.paymentMethods().load()
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(sut.state.methodCount == 4)
        #expect(sut.state.notice?.title == "Showing content from 10:02 — you are offline.")
        #expect(world.router.presentedError == nil)
    }

    @Test func thePaymentMethodsWithOnlyOneSourceKeptShowTheAlertAsBefore() async {
        let world = makeWorld(wallet: [.respond(.json(200, Bodies.wallet)), .fail(.offline)], cards: [.fail(.offline)])
        await world.app.paymentMethods().load()
        let sut = world.app.paymentMethods()

        await sut.load()

        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    // MARK: - Helpers

    /// 10:02 on a day, in the time zone the screens tell times in.
    static let tenOhTwo =
        Calendar.current.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 10, minute: 2)) ?? Date()

    private func makeWorld(
        wallet: [RouteScript.Answer], cards: [RouteScript.Answer] = [.respond(.json(200, Bodies.twoCards))],
        language: Language = .english
    ) -> TestApp {
        var session = TestApp.session()
        session.signedInAt = Self.tenOhTwo
        return TestApp(
            session: session,
            clock: VirtualClock(autoAdvanceLimit: .seconds(5), wallClockOrigin: Self.tenOhTwo),
            language: language, script: RouteScript(["/v1/wallet": wallet, "/v1/payment-cards": cards]).script)
    }
}
