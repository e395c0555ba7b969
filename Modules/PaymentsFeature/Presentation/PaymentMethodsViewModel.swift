public import Domain
public import Foundation
public import Logging
public import Navigation
import SharedError

/// The payment-methods screen's presentation logic, on the main actor. ``ScreenPresenter`` decides every error;
/// this screen words only its own: no payment methods is an empty state, not an alert.
@MainActor
public final class PaymentMethodsViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "payments"

    /// What the screen shows.
    public private(set) var state = PaymentMethodsState()

    private let loadPaymentMethods: any PaymentMethodsLoading
    private let presenter: ScreenPresenter

    /// Makes the view model; errors it does not present itself go to `router`; `now` tells how old last content is.
    public init(
        loadPaymentMethods: any PaymentMethodsLoading, router: any ErrorRouting, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.loadPaymentMethods = loadPaymentMethods
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger, now: now)
    }

    /// Loads the methods, from a clean screen.
    public func load() async {
        state = PaymentMethodsState()
        state.isLoading = true
        _ = await presenter.run(loadPaymentMethods.execute, show: show) { error in
            guard error == .noPaymentMethodsFound else { return nil }
            state.isEmpty = true
            state.message = PaymentsWording.empty.text(in: presenter.language)
            return .show(.mapped, "state.isEmpty (no alert)")
        }
        state.isLoading = false
    }

    private func show(_ methods: [PaymentMethod]) {
        let language = presenter.language
        let freshness = methods.reduce(Freshness.fresh) { $0.combined(with: $1.freshness) }
        state.notice = .lastContentNotice(freshness, now: presenter.now(), in: language)
        for method in methods {
            switch method {
            case .wallet(let wallet): state.wallet = .init(balance: wallet.balance.formatted(in: language))
            case .card(let card): state.paymentCards.append(.init(card, in: language))
            case .applePay(let applePay):
                let status: PaymentsWording = applePay.status == .available ? .applePayAvailable : .applePayNeedsSetup
                state.applePay = .init(status: status.text(in: language))
            }
        }
    }
}
