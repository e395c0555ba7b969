import Domain
import Navigation
import PaymentsFeature
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("Terminal screens")
struct ScreenRenderingTests {
    @Test func paymentMethodsReadWellAsPlainText() async {
        let sut = PaymentMethodsViewModel(
            loadPaymentMethods: StubPaymentMethodsLoading(
                .success([
                    .wallet(PaymentsSamples.wallet), .card(PaymentsSamples.visa), .applePay(.init(status: .available)),
                ])),
            router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)
        await sut.load()

        let text = PaymentMethodsScreen.render(sut.state, style: .plain)

        #expect(
            text == """
                Payment methods
                  • Wallet                  EUR 12.50
                  • Visa ···· 4242          expires 04/27  Ada Lovelace
                  • Apple Pay               available
                """)
        #expect(!text.contains("\u{1B}["))
    }

    @Test func colourIsOnlyEmphasis() async {
        var state = PaymentMethodsState()
        state.isEmpty = true
        state.message = "No payment methods"

        let coloured = OutputText.clean(PaymentMethodsScreen.render(state, style: TerminalStyle(usesColor: true)))
        let plain = PaymentMethodsScreen.render(state, style: .plain)

        #expect(coloured.contains("\u{1B}["))
        #expect(coloured.replacing(#/\u{1B}\[[0-9]+m/#, with: "") == plain)
        #expect(plain.contains("No payment methods"))
    }

    @Test func theWalletPageShowsItsInlineErrorAndTheWayForward() async {
        let sut = WalletPageViewModel(
            loadWalletPage: StubWalletPageLoading(.failure(.noWallet)),
            router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)
        await sut.load()

        let text = WalletPageScreen.render(sut.state, style: .plain)

        #expect(
            text == """
                Wallet
                  You don't have a wallet yet
                  Create one to pay in one tap and keep your balance in the app.
                  → Create a wallet
                """)
    }
}
