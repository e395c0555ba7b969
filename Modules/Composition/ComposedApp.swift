public import AuthFeature
public import Domain
public import ErrorReports
public import Foundation
public import KeyedWrites
public import Logging
public import Navigation
public import Networking
public import PaymentsFeature
public import PrivateFiles
import SharedError
public import TransfersFeature

/// The composition root: the HTTP chain, the session, the repositories, the use cases, the view models and the
/// Router, built from one ``AppConfiguration``. Nothing else builds any of these, and nothing here knows who made
/// the configuration (a CLI run, the demo, a test, an iOS app).
@MainActor
public final class ComposedApp {
    /// The app-wide reactions to errors: the alert on screen, the route.
    public let router: Router
    /// Sends client reports, and keeps those it cannot send yet.
    public let reports: ClientReportSender
    /// Keyed writes whose outcome is not known yet.
    public let pendingWrites: PendingWrites
    /// What the remote calls of this app said about the backend.
    public let backendUsage = BackendUsage()
    /// What the app was built from.
    public let configuration: AppConfiguration
    /// The wallet, from the backend.
    public let wallets: any WalletRepository
    /// The saved cards, from the backend's legacy service.
    public let cards: any PaymentCardsRepository
    /// The last content each screen loaded, shown when the backend cannot be reached.
    public let lastContent: LastContentStore
    let lastKnown: LastKnownContent
    /// The backend's retry budget and clock, shared with every app of the process composed for the same backend.
    public let resilience: BackendResilience

    let chain: HTTPChain
    /// The logger every part of the app writes through: the configuration's.
    public let logger: Logger

    /// Builds the whole app from `configuration`: the chain, the session, the report sender, the journal and the
    /// router. Nothing is sent until a screen loads.
    public init(_ configuration: AppConfiguration) {
        self.configuration = configuration
        let (clock, baseURL, store) = (configuration.clock, configuration.baseURL, configuration.sessionStore)
        let logger = configuration.logger
        self.logger = logger
        let identity = configuration.backendIdentity
        let origin = BackendOrigin(identity)
        pendingWrites = Self.pendingWrites(
            file: configuration.journalFile, baseURL: baseURL, knownAs: identity, limit: configuration.journalLimit,
            lockPatience: configuration.journalLockPatience, now: { clock.wallClockNow }, logger: logger)
        resilience = configuration.resilience.resilience(for: origin)
        (lastContent, lastKnown) = Self.lastKnownContent(
            configuration, origin: origin, basePath: pendingWrites.basePath, logger: logger)
        let endedSessionClears = lastContent
        chain = HTTPChain(
            transport: configuration.transport, settings: configuration.speakingChain, clock: clock,
            random: configuration.random, secrets: configuration.secrets,
            keyedWrites: pendingWrites.chainLinks(
                user: { await store.load().flatMap { $0.origin == origin ? $0.userID : nil } }, logger: logger),
            observer: backendUsage,
            resilience: resilience, logger: logger
        ) { refreshClient in
            TokenRefreshSession(
                store: store, client: refreshClient, baseURL: baseURL, origin: origin, lastContent: endedSessionClears,
                clock: clock, logger: logger)
        }
        var reportSettings = ClientReportSender.Configuration(
            endpointURL: baseURL.appendingPathComponent("/v1/client-reports"), appVersion: configuration.appVersion)
        reportSettings.reportsOff = !configuration.sendsErrorReports
        reports = ClientReportSender(
            client: chain.reports, configuration: reportSettings,
            outbox: ReportOutbox(file: configuration.outboxFile, origin: origin, logger: logger),
            clock: clock, logger: logger)
        let errorReports =
            configuration.sendsErrorReports
            ? UnexplainedErrorReports(
                sender: reports, appVersion: configuration.appVersion, locale: configuration.language.identifier,
                secrets: configuration.secrets, references: configuration.errorReferences) : nil
        router = Router(
            environment: configuration.environment, language: configuration.language, logger: logger,
            reporter: errorReports)
        wallets = LastKnownWalletRepository(
            remote: RemoteWalletRepository(
                client: chain.authenticated, baseURL: baseURL, reporter: reports, logger: logger),
            lastKnown: lastKnown)
        cards = LastKnownPaymentCardsRepository(
            remote: RemotePaymentCardsRepository(
                client: chain.envelopeAware, baseURL: baseURL, reporter: reports, logger: logger),
            lastKnown: lastKnown)
    }

    /// The last content of the signed-in user of the backend at `origin` and `basePath` (the journal's identity of
    /// the backend): in the configuration's file, guarded by the session file, or in memory.
    private static func lastKnownContent(
        _ configuration: AppConfiguration, origin: BackendOrigin, basePath: String, logger: Logger
    ) -> (LastContentStore, LastKnownContent) {
        let (store, clock) = (configuration.sessionStore, configuration.clock)
        let owner: @Sendable () async -> ContentOwner? = {
            LastKnownContent.owner(of: await store.load(), origin: origin, basePath: basePath)
        }
        let place: LastContentStore.Place =
            if let files = configuration.lastContentFiles {
                .file(files.content, sessionFile: files.session, owns: LastKnownContent.owns(_:sessionFile:))
            } else {
                .memory(owns: { candidate in await owner() == candidate })
            }
        let lastContent = LastContentStore(
            place, maxAge: configuration.lastContentMaxAge, now: { clock.wallClockNow })
        return (
            lastContent,
            LastKnownContent(
                store: lastContent, owner: owner, journey: JourneyRecorder(.data, logger: logger),
                now: { clock.wallClockNow })
        )
    }

    /// Who last content is kept for now: the signed-in user of this backend, or `nil`.
    public func lastContentOwner() async -> ContentOwner? {
        await lastKnown.owner()
    }

    /// The pending-writes journal of the backend at `baseURL` (or, through a proxy there, of the backend `knownAs`
    /// names), knowing what each feature's keyed operations answer under a key: the app's, and the CLI's
    /// `transfer --pending`.
    public nonisolated static func pendingWrites(
        file: URL?, baseURL: URL, knownAs identity: URL? = nil, limit: Int = PendingWrites.defaultLimit,
        lockPatience: Duration = .seconds(10), now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) -> PendingWrites {
        PendingWrites(
            file: file, baseURL: baseURL, knownAs: identity, operations: [RemoteTransferRepository.keyedOperation],
            limit: limit,
            lockPatience: lockPatience, now: now, logger: logger)
    }

    /// Where the signed-in session is kept.
    public var sessionStore: any SessionStore { configuration.sessionStore }

    /// The payment-methods screen.
    public func paymentMethods() -> PaymentMethodsViewModel {
        let useCase = LoadPaymentMethodsUseCase(
            wallets: wallets, cards: cards, applePay: configuration.applePay, logger: logger)
        return PaymentMethodsViewModel(
            loadPaymentMethods: useCase, router: router, logger: logger,
            now: { [clock = configuration.clock] in clock.wallClockNow })
    }

    /// The wallet page.
    public func walletPage() -> WalletPageViewModel {
        WalletPageViewModel(
            loadWalletPage: LoadWalletPageUseCase(wallets: wallets, logger: logger), router: router, logger: logger,
            now: { [clock = configuration.clock] in clock.wallClockNow })
    }

    /// The sign-in screen.
    public func signIn() -> SignInViewModel {
        let service = RemoteSignInService(
            facade: configuration.appleSignIn, client: chain.plain, baseURL: configuration.baseURL,
            origin: BackendOrigin(configuration.backendIdentity), store: configuration.sessionStore, reporter: reports,
            secrets: configuration.secrets,
            clock: configuration.clock, logger: logger)
        return SignInViewModel(service: service, router: router, logger: logger)
    }

    /// The profile screen.
    public func profile() -> ProfileViewModel {
        ProfileViewModel(
            repository: LastKnownProfileRepository(
                remote: RemoteProfileRepository(
                    client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports, logger: logger),
                lastKnown: lastKnown),
            router: router, logger: logger, now: { [clock = configuration.clock] in clock.wallClockNow })
    }

    /// The transfer form.
    public func transfer() -> TransferFormViewModel {
        TransferFormViewModel(
            transfers: SendTransferUseCase(
                transfers: RemoteTransferRepository(
                    client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports, logger: logger),
                logger: logger),
            router: router, logger: logger)
    }

    /// Waits for the work the app goes on with after the request that started it was cancelled (a token refresh),
    /// so the session has its final content before a run ends or removes it.
    public func settle() async {
        await chain.coordinator.settle()
    }
}

extension AppConfiguration {
    /// The chain's settings, with the language's `Accept-Language` unless they name one.
    var speakingChain: HTTPChain.Settings {
        var settings = chain
        settings.acceptLanguage = settings.acceptLanguage ?? language.acceptLanguage
        return settings
    }
}
