public import Domain
public import Logging
public import Navigation
import SharedError

/// The payment-methods screen's presentation logic, on the main actor.
///
/// - `noPaymentMethodsFound` becomes the empty state: no alert.
/// - `unknown` becomes `PresentationError.default`.
/// - App-wide errors (offline, timed out, session over) go to Navigation, which owns alerts and routes.
/// - Every load starts by clearing the previous error and message, so an old alert never comes back.
@MainActor
public final class PaymentMethodsViewModel {
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
        state.error = nil
        state.message = nil
        state.isEmpty = false
        state.isLoading = true
        defer { state.isLoading = false }

        do throws(PaymentMethodsError) {
            let methods = try await loadPaymentMethods.execute()
            guard !Task.isCancelled else { return }
            show(methods)
        } catch {
            guard !Task.isCancelled else { return }
            handle(error)
        }
    }

    private func show(_ methods: [PaymentMethod]) {
        state.wallet = nil
        state.paymentCards = []
        state.applePay = nil
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
        switch error {
        case .noPaymentMethodsFound:
            show([])
            state.isEmpty = true
            state.message = "No payment methods"
            record(.mapped, error, to: "state.isEmpty (no alert)")
        case .unknown:
            state.error = .default
            record(.presented, error, to: "alert: \(PresentationError.default.title)")
        case .shared(let shared):
            router.forward(shared, for: error, module: "PaymentsFeature", logger: logger)
        case .sessionExpired:
            router.forward(SessionExpiredError(), for: error, module: "PaymentsFeature", logger: logger)
        }
    }

    private func record(_ action: JourneyAction, _ error: PaymentMethodsError, to target: String) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "PaymentsFeature", action: action, from: error.journeyName, to: target)
        )
    }
}
