public import Domain
public import Logging
public import Navigation
import SharedError

/// The wallet page's presentation logic. Unlike the payment-methods screen, "no wallet" is presented here, with a
/// way forward; banned and in-review wallets get their own words. ``ScreenPresenter`` decides the rest.
@MainActor
public final class WalletPageViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "wallet"

    /// What the page shows.
    public private(set) var state = WalletPageState()

    private let loadWalletPage: any WalletPageLoading
    private let presenter: ScreenPresenter

    /// Makes the view model; errors it does not present itself go to `router`.
    public init(loadWalletPage: any WalletPageLoading, router: any ErrorRouting, logger: Logger) {
        self.loadWalletPage = loadWalletPage
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger)
    }

    /// Loads the wallet, from a clean page.
    public func load() async {
        state = WalletPageState()
        state.isLoading = true
        state.error = await presenter.run(loadWalletPage.execute) { wallet in
            state.balance = wallet.balance.formatted
            state.status = wallet.status.rawValue
        } ownWords: { error in
            guard let (presented, action) = Self.presentation(for: error) else { return nil }
            state.action = action
            return .present(presented)
        }
        state.isLoading = false
    }

    /// The words for each error the page shows itself, and the way forward it offers.
    static func presentation(for error: WalletPageError) -> (PresentationError, action: String?)? {
        switch error {
        case .noWallet:
            (
                PresentationError(
                    title: "You don't have a wallet yet",
                    message: "Create one to pay in one tap and keep your balance in the app.",
                    presentation: .inline, iconName: "wallet.pass"),
                "Create a wallet"
            )
        case .banned:
            (
                PresentationError(
                    title: "Your wallet is suspended",
                    message: "You can't pay with it for now. Our support team can tell you why and what to do next.",
                    presentation: .inline, iconName: "lock"),
                "Contact support"
            )
        case .inReview(.pending):
            (
                PresentationError(
                    title: "Your wallet is waiting for review",
                    message: "We'll let you know as soon as it's ready, usually within a day.",
                    presentation: .inline, iconName: "hourglass"),
                nil
            )
        case .inReview(.beingProcessed):
            (
                PresentationError(
                    title: "Your wallet is almost ready",
                    message: "We're reviewing it right now; this takes a few minutes.",
                    presentation: .inline, iconName: "hourglass"),
                nil
            )
        case .appWide, .unknown, .cancelled:
            nil
        }
    }
}
