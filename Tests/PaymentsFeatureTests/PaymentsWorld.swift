import Domain
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport

/// The payments feature composed as the app composes it, over an in-memory backend: view models, use cases,
/// remote repositories, the Apple Pay facade, and the HTTP chain as `HTTPChain` builds it for the app, on a
/// virtual clock.
@MainActor
struct PaymentsWorld {
    nonisolated static let baseURL = TestURL.make("")

    let spy: HTTPClientSpy
    let session: AuthenticationSessionSpy
    let probe = JourneyProbe()
    let clock: VirtualClock
    let router: Router
    let reports: ClientReportSender
    private let wallets: RemoteWalletRepository
    private let cards: RemotePaymentCardsRepository
    private let applePay: PassKitApplePayService

    /// - Parameter clock: by default backoffs and `Retry-After`s pass at once, and a call's 10-second deadline only
    ///   if the test moves time on.
    init(
        device: SimulatedApplePayDevice = .ready,
        session: AuthenticationSessionSpy = AuthenticationSessionSpy(),
        environment: AppEnvironment = .dev,
        clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(5)),
        script: @escaping HTTPClientSpy.Script
    ) {
        self.clock = clock
        let logger = probe.logger
        spy = HTTPClientSpy(script: script)
        self.session = session
        router = Router(environment: environment, logger: logger)
        let chain = HTTPChain(
            transport: spy, clock: clock, random: FixedRandomSource(0.5), logger: logger, makeSession: { _ in session })
        reports = ClientReportSender(
            client: chain.reports,
            configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "test"), clock: clock,
            logger: logger)
        wallets = RemoteWalletRepository(
            client: chain.authenticated, baseURL: Self.baseURL, reporter: reports, logger: logger)
        cards = RemotePaymentCardsRepository(
            client: chain.envelopeAware, baseURL: Self.baseURL, reporter: reports, logger: logger)
        applePay = PassKitApplePayService(device: device, logger: logger)
    }

    init(device: SimulatedApplePayDevice = .ready, routes: RouteScript) {
        self.init(device: device, script: routes.script)
    }

    func paymentMethodsViewModel() -> PaymentMethodsViewModel {
        PaymentMethodsViewModel(
            loadPaymentMethods: LoadPaymentMethodsUseCase(
                wallets: wallets, cards: cards, applePay: applePay, logger: probe.logger),
            router: router, logger: probe.logger)
    }

    func walletPageViewModel() -> WalletPageViewModel {
        WalletPageViewModel(
            loadWalletPage: LoadWalletPageUseCase(wallets: wallets, logger: probe.logger), router: router,
            logger: probe.logger)
    }

    /// The journey as `layer action from → to`, one string per step.
    var journey: [String] {
        probe.events().map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from) → \($0.to ?? "nil")" }
    }

    /// The client reports that reached the backend, as `endpoint keyPath kind`.
    func deliveredReports() async -> [String] {
        await reports.flush()
        return await reports.deliveredReports().flatMap { report in
            report.failures.map { "\(report.endpoint) \($0.keyPath) \($0.kind.rawValue)" }
        }
    }
}

/// Bodies of the backend contract.
enum Bodies {
    static let wallet = #"{"id":"w-1","balance":{"amount":"12.50","currency":"EUR"},"status":"active"}"#
    static func walletInReview(_ state: String) -> String {
        #"{"id":"w-1","balance":{"amount":"0","currency":"EUR"},"status":"in_review","reviewState":"\#(state)"}"#
    }
    static let twoCards = cards([card("c-1", "visa", "4242", 4), card("c-2", "mastercard", "4444", 11)])
    static func card(_ id: String, _ brand: String, _ last4: String, _ month: Int) -> String {
        #"{"id":"\#(id)","brand":"\#(brand)","last4":"\#(last4)","expiryMonth":\#(month),"expiryYear":2027,"holderName":"Ada Lovelace"}"#
    }
    static func cards(_ cards: [String]) -> String {
        #"{"status":"ok","cards":[\#(cards.joined(separator: ","))]}"#
    }
    static func envelopeError(_ code: String) -> String {
        #"{"status":"error","code":"\#(code)","message":"scripted"}"#
    }
}
