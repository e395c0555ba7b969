public import Domain
public import Logging
public import Navigation
import SharedError

/// The payment-methods screen's presentation logic, on the main actor.
///
/// Every load starts from a clean screen (no old methods, error or message) and takes back the alert and route it
/// caused before, so nothing stale ever shows. Then each error is decided by its category (``ErrorPolicy``):
/// - ignorable (the load was cancelled): nothing is shown;
/// - default (`unknown`: nothing is left and no rule explains why): handed to Navigation, which presents the safe
///   default, or developer detail in DEV;
/// - the rest in this screen's terms: `noPaymentMethodsFound` is the empty state, no alert; app-wide errors
///   (offline, timed out, session over) go to Navigation, which owns alerts and routes.
@MainActor
public final class PaymentMethodsViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "payments"

    public private(set) var state = PaymentMethodsState()

    private let loadPaymentMethods: any PaymentMethodsLoading
    private let router: any ErrorRouting
    private let logger: Logger

    public init(loadPaymentMethods: any PaymentMethodsLoading, router: any ErrorRouting, logger: Logger) {
        self.loadPaymentMethods = loadPaymentMethods
        self.router = router
        self.logger = logger
    }

    public func load() async {
        state = PaymentMethodsState()
        state.isLoading = true
        router.withdraw(for: Self.screen)
        defer { state.isLoading = false }

        do throws(PaymentMethodsError) {
            show(try await loadPaymentMethods.execute())
        } catch {
            handle(error)
        }
    }

    private func show(_ methods: [PaymentMethod]) {
        for method in methods {
            switch method {
            case .wallet(let wallet):
                state.wallet = .init(balance: wallet.balance.formatted)
            case .card(let card):
                state.paymentCards.append(.init(card))
            case .applePay(let applePay):
                state.applePay = .init(status: applePay.status == .available ? "available" : "needs setup")
            }
        }
    }

    private func handle(_ error: PaymentMethodsError) {
        switch ErrorPolicy.reaction(to: error.category) {
        case .ignore:
            record(.ignored, error, to: nil)
        case .presentDefault:
            router.forward(error, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
        case .recover, .handleOrForward:
            switch error {
            case .noPaymentMethodsFound:
                state.isEmpty = true
                state.message = "No payment methods"
                record(.mapped, error, to: "state.isEmpty (no alert)")
            case .shared(let shared):
                router.forward(shared, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            case .sessionExpired:
                router.forward(
                    SessionExpiredError(), for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            case .unknown, .cancelled:
                router.forward(error, for: error, screen: Self.screen, module: "PaymentsFeature", logger: logger)
            }
        }
    }

    private func record(_ action: JourneyAction, _ error: PaymentMethodsError, to target: String?) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "PaymentsFeature", action: action, from: error.journeyName, to: target,
                category: error.category)
        )
    }
}
