public import Domain
public import Foundation
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

    /// Makes the view model; errors it does not present itself go to `router`; `now` tells how old last content is.
    public init(
        loadWalletPage: any WalletPageLoading, router: any ErrorRouting, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.loadWalletPage = loadWalletPage
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger, now: now)
    }

    /// Loads the wallet, from a clean page.
    public func load() async {
        state = WalletPageState()
        state.isLoading = true
        let language = presenter.language
        state.error = await presenter.run(loadWalletPage.execute) { wallet in
            state.balance = wallet.balance.formatted(in: language)
            let status: PaymentsWording =
                switch wallet.status {
                case .active: .walletStatusActive
                }
            state.status = status.text(in: language)
            state.notice = .lastContentNotice(wallet.freshness, now: presenter.now(), in: language)
        } ownWords: { error in
            Self.presentation(for: error, in: language).map(ScreenReaction.present)
        }
        state.isLoading = false
    }

    /// The words for each error the page shows itself, with the way forward it offers.
    static func presentation(for error: WalletPageError, in language: Language) -> PresentationError? {
        switch error {
        case .noWallet:
            PresentationError(
                PaymentsWording.noWalletTitle, message: .noWalletMessage, in: language, presentation: .inline,
                iconName: "wallet.pass", actions: [.createWallet])
        case .banned:
            PresentationError(
                PaymentsWording.bannedTitle, message: .bannedMessage, in: language, presentation: .inline,
                iconName: "lock", actions: [.contactSupport()])
        case .inReview(.pending):
            PresentationError(
                PaymentsWording.pendingTitle, message: .pendingMessage, in: language, presentation: .inline,
                iconName: "hourglass", actions: [.checkLater])
        case .inReview(.beingProcessed):
            PresentationError(
                PaymentsWording.beingProcessedTitle, message: .beingProcessedMessage, in: language,
                presentation: .inline, iconName: "hourglass", actions: [.checkLater])
        case .appWide, .unknown, .cancelled:
            nil
        }
    }
}
