public import Domain
public import Logging
public import Navigation
import SharedError

/// The wallet page's presentation logic. Unlike the payment-methods screen, "no wallet" is presented here, with
/// a way forward; banned and in-review wallets get their own words.
///
/// Every load starts from a clean page and takes back the alert and route it caused before. Errors are decided
/// by their category (``ErrorPolicy``): a cancelled load shows nothing, an unexplained one (`unknown`) goes to
/// Navigation for the safe default (developer detail in DEV), and the page words the rest itself.
@MainActor
public final class WalletPageViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "wallet"

    public private(set) var state = WalletPageState()

    private let loadWalletPage: any WalletPageLoading
    private let router: any ErrorRouting
    private let logger: Logger

    public init(loadWalletPage: any WalletPageLoading, router: any ErrorRouting, logger: Logger) {
        self.loadWalletPage = loadWalletPage
        self.router = router
        self.logger = logger
    }

    public func load() async {
        state = WalletPageState()
        state.isLoading = true
        router.withdraw(for: Self.screen)
        defer { state.isLoading = false }

        do throws(WalletPageError) {
            let wallet = try await loadWalletPage.execute()
            state.balance = wallet.balance.formatted
            state.status = wallet.status.rawValue
        } catch {
            handle(error)
        }
    }

    private func handle(_ error: WalletPageError) {
        switch ErrorPolicy.reaction(to: error.category) {
        case .ignore:
            record(.ignored, error, to: nil)
        case .presentDefault:
            router.forward(error, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
        case .recover, .handleOrForward:
            switch error {
            case .shared(let shared):
                router.forward(shared, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            case .sessionExpired:
                router.forward(
                    SessionExpiredError(), for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            case .noWallet, .banned, .inReview:
                let (presented, action) = Self.presentation(for: error)
                state.error = presented
                state.action = action
                record(.presented, error, to: "\(presented.presentation.rawValue): \(presented.title)")
            case .unknown, .cancelled:
                router.forward(error, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            }
        }
    }

    /// The words for each error the page shows itself, and the way forward it offers.
    static func presentation(for error: WalletPageError) -> (PresentationError, action: String?) {
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
        case .shared, .sessionExpired, .unknown, .cancelled:
            (.default, nil)
        }
    }

    private func record(_ action: JourneyAction, _ error: WalletPageError, to target: String?) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "PaymentsFeature", action: action, from: error.journeyName, to: target,
                category: error.category)
        )
    }
}
