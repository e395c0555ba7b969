import AuthFeature
import Domain
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TransfersFeature

/// The composition root: the HTTP chain, the session, the repositories, the vendor facades, the use cases, the
/// view models and the Router, built from one ``AppConfiguration``. Nothing else in the app builds any of these,
/// and nothing here knows about the demo.
@MainActor
final class ComposedApp {
    let router: Router
    let reports: ClientReportSender
    let store: FileSessionStore
    /// Keyed writes whose outcome is not known yet.
    let pendingWrites: PendingWrites
    /// What the remote calls of this app said about the backend.
    let backendUsage = BackendUsage()
    let configuration: AppConfiguration

    private let chain: HTTPChain
    private var logger: Logger { configuration.logger }

    init(_ configuration: AppConfiguration) {
        self.configuration = configuration
        let logger = configuration.logger
        let clock = SystemHTTPClock()
        router = Router(environment: configuration.environment, logger: logger)
        let store = FileSessionStore(path: configuration.sessionFile, secrets: configuration.secrets, logger: logger)
        self.store = store

        let origin = BackendOrigin(configuration.baseURL)
        let pendingWrites = PendingWrites(file: configuration.journalFile, origin: origin, logger: logger)
        self.pendingWrites = pendingWrites
        let transport = configuration.transport
        chain = HTTPChain(
            transport: transport, settings: configuration.chain, clock: clock, secrets: configuration.secrets,
            journal: pendingWrites, observer: backendUsage, logger: logger
        ) { refreshClient in
            StoredAuthenticationSession(
                store: store, client: refreshClient, baseURL: configuration.baseURL, logger: logger)
        }
        reports = ClientReportSender(
            client: chain.reports,
            configuration: .init(
                endpointURL: configuration.baseURL.appendingPathComponent("/v1/client-reports"),
                appVersion: configuration.appVersion),
            outbox: ReportOutbox(file: configuration.outboxFile, origin: origin, logger: logger),
            clock: clock, logger: logger)
    }

    func paymentMethods() -> PaymentMethodsViewModel {
        let useCase = LoadPaymentMethodsUseCase(
            wallets: walletRepository(), cards: cardsRepository(),
            applePay: PassKitApplePayService(device: configuration.applePayDevice, logger: logger), logger: logger)
        return PaymentMethodsViewModel(loadPaymentMethods: useCase, router: router, logger: logger)
    }

    func walletPage() -> WalletPageViewModel {
        WalletPageViewModel(
            loadWalletPage: LoadWalletPageUseCase(wallets: walletRepository(), logger: logger), router: router,
            logger: logger)
    }

    func signIn() -> SignInViewModel {
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: configuration.signInAgent, logger: logger), client: chain.plain,
            baseURL: configuration.baseURL, store: store, reporter: reports,
            secrets: configuration.secrets, logger: logger)
        return SignInViewModel(service: service, router: router, logger: logger)
    }

    func profile() -> ProfileViewModel {
        ProfileViewModel(
            repository: RemoteProfileRepository(
                client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports, logger: logger),
            router: router, logger: logger)
    }

    func transfer() -> TransferFormViewModel {
        TransferFormViewModel(
            transfers: SendTransferUseCase(
                transfers: RemoteTransferRepository(
                    client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports, logger: logger),
                logger: logger),
            router: router, logger: logger)
    }

    /// Waits for the work the app goes on with after the request that started it was cancelled (a token refresh),
    /// so the session file has its final content before a run ends or removes it.
    func settle() async {
        await chain.coordinator.settle()
    }

    /// The wallet and cards repositories on their own, for the load run.
    func paymentRepositories() -> (wallets: RemoteWalletRepository, cards: RemotePaymentCardsRepository) {
        (walletRepository(), cardsRepository())
    }

    private func walletRepository() -> RemoteWalletRepository {
        RemoteWalletRepository(
            client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports,
            logger: logger)
    }

    private func cardsRepository() -> RemotePaymentCardsRepository {
        RemotePaymentCardsRepository(
            client: chain.envelopeAware, baseURL: configuration.baseURL, reporter: reports,
            logger: logger)
    }
}
