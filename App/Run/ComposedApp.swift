import AuthFeature
import Domain
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError

/// The composition root: the HTTP chain, the session, the repositories, the vendor facades, the use cases, the
/// view models and the Router, built for one run. Nothing else in the app builds any of these.
@MainActor
final class ComposedApp {
    let router: Router
    let reports: ClientReportSender
    let store: FileSessionStore

    private let baseURL: URL
    private let plain: any HTTPClient
    private let authenticated: any HTTPClient
    private let envelopeAware: any HTTPClient
    private let plan: ScenarioPlan
    private let signInAgent: SignInUserAgent
    private let logger: Logger

    struct Settings {
        var baseURL: URL
        var store: FileSessionStore
        var plan: ScenarioPlan
        var signInAgent: SignInUserAgent
        var environment: AppEnvironment
        var appVersion: String
        var logger: Logger
        /// The refresh rate limit; the load run, which expires tokens on purpose, raises it.
        var refreshBudget = TokenRefreshCoordinator.Budget()
    }

    init(_ settings: Settings) {
        let logger = settings.logger
        let clock = SystemHTTPClock()
        baseURL = settings.baseURL
        store = settings.store
        plan = settings.plan
        signInAgent = settings.signInAgent
        self.logger = logger
        router = Router(environment: settings.environment, logger: logger)

        // The chain, innermost first (ARCHITECTURE.md, "The HTTP client chain").
        let transport = URLSessionHTTPClient(
            configuration: .init(defaultTimeout: settings.plan.requestTimeout), clock: clock, logger: logger)
        let mapped = StatusCodeMappingHTTPClient(
            decoratee: LoggingHTTPClient(decoratee: transport, clock: clock, logger: logger), logger: logger)
        let timeout = settings.plan.requestTimeout
        let session = StoredAuthenticationSession(
            store: settings.store,
            client: DeadlineHTTPClient(decoratee: mapped, timeout: timeout, clock: clock, logger: logger),
            baseURL: settings.baseURL, logger: logger)
        let retryingAuthenticated = RetryingHTTPClient(
            decoratee: AuthenticatingHTTPClient(
                decoratee: mapped,
                coordinator: TokenRefreshCoordinator(
                    session: session, clock: clock, budget: settings.refreshBudget, logger: logger),
                logger: logger),
            clock: clock, logger: logger)
        plain = DeadlineHTTPClient(
            decoratee: RetryingHTTPClient(decoratee: mapped, clock: clock, logger: logger), timeout: timeout,
            clock: clock,
            logger: logger)
        authenticated = DeadlineHTTPClient(
            decoratee: retryingAuthenticated, timeout: timeout, clock: clock, logger: logger)
        envelopeAware = DeadlineHTTPClient(
            decoratee: ErrorEnvelopeMappingHTTPClient(decoratee: retryingAuthenticated, logger: logger),
            timeout: timeout,
            clock: clock, logger: logger)
        reports = ClientReportSender(
            client: plain,
            configuration: .init(
                endpointURL: settings.baseURL.appendingPathComponent("/v1/client-reports"),
                appVersion: settings.appVersion),
            clock: clock, logger: logger)
    }

    func paymentMethods() -> PaymentMethodsViewModel {
        let useCase = LoadPaymentMethodsUseCase(
            wallets: walletRepository(),
            cards: RemotePaymentCardsRepository(
                client: envelopeAware, baseURL: baseURL, reporter: reports, logger: logger),
            applePay: PassKitApplePayService(device: plan.applePayDevice, logger: logger), logger: logger)
        return PaymentMethodsViewModel(loadPaymentMethods: useCase, router: router, logger: logger)
    }

    func walletPage() -> WalletPageViewModel {
        WalletPageViewModel(
            loadWalletPage: LoadWalletPageUseCase(wallets: walletRepository(), logger: logger), router: router,
            logger: logger)
    }

    func signIn() -> SignInViewModel {
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: signInAgent, logger: logger), client: plain, baseURL: baseURL,
            store: store, reporter: reports, logger: logger)
        return SignInViewModel(service: service, router: router, logger: logger)
    }

    func profile() -> ProfileViewModel {
        ProfileViewModel(
            repository: RemoteProfileRepository(
                client: authenticated, baseURL: baseURL, reporter: reports, logger: logger),
            router: router, logger: logger)
    }

    /// The wallet and cards repositories, for the load run.
    func paymentRepositories() -> (wallets: RemoteWalletRepository, cards: RemotePaymentCardsRepository) {
        (
            walletRepository(),
            RemotePaymentCardsRepository(client: envelopeAware, baseURL: baseURL, reporter: reports, logger: logger)
        )
    }

    private func walletRepository() -> RemoteWalletRepository {
        RemoteWalletRepository(client: authenticated, baseURL: baseURL, reporter: reports, logger: logger)
    }
}
