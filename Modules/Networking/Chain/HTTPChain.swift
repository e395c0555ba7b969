public import Logging
public import SharedError

/// The app's HTTP clients, stacked in the one order ARCHITECTURE.md explains ("The HTTP client chain").
///
/// The composition root and the tests both build the chain here, so the order the tests prove is the order the
/// app runs. Outermost first:
///
/// ```
/// DeadlineHTTPClient → TraceContextHTTPClient → [BackendObservingHTTPClient] → [JournalingHTTPClient] → [ErrorEnvelopeMappingHTTPClient]
///   → [AuthenticatingHTTPClient] → RetryingHTTPClient → KeyedWriteAttemptsHTTPClient → StatusCodeMappingHTTPClient
///   → LoggingHTTPClient → TransportJourneyHTTPClient → [AcceptLanguageHTTPClient] → transport
/// ```
///
/// Authentication sits above retry so that one request refreshes at most once: a replay that meets a 503 is
/// retried below, and a 401 after those retries is the replay's answer, not a second expiry.
public struct HTTPChain: Sendable {
    /// What the chain is tuned with.
    public struct Settings: Sendable {
        /// One deadline for a whole call: attempts, backoff sleeps, refresh waits and body download.
        public var timeout: Duration
        /// When and how often an idempotent call that failed for a transient reason is sent again.
        public var retryPolicy: RetryPolicy
        /// How many token refreshes the chain may start in a window before it stops trying.
        public var refreshBudget: TokenRefreshCoordinator.Budget
        /// How long before its expiry an access token is refreshed instead of sent.
        public var refreshAhead: Duration
        /// The `Accept-Language` every request carries (`de, en;q=0.5`); `nil` sends none.
        public var acceptLanguage: String?

        /// Makes settings: a 10 s deadline per call, the default retry policy and refresh budget, no language.
        public init(
            timeout: Duration = .seconds(10), retryPolicy: RetryPolicy = RetryPolicy(),
            refreshBudget: TokenRefreshCoordinator.Budget = .init(), refreshAhead: Duration = .seconds(30),
            acceptLanguage: String? = nil
        ) {
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.refreshBudget = refreshBudget
            self.refreshAhead = refreshAhead
            self.acceptLanguage = acceptLanguage
        }
    }

    /// Calls that carry no session (sign-in), retried when idempotent.
    public let plain: any HTTPClient
    /// Calls that carry the session's bearer token.
    public let authenticated: any HTTPClient
    /// Authenticated calls to a service that answers errors inside a 200 envelope (the legacy payment cards).
    public let envelopeAware: any HTTPClient
    /// Client reports and error reports: no session and no retry (the report outbox is their retry), so they never
    /// spend the retry budget.
    public let reports: any HTTPClient
    /// The single-flight refresh shared by every authenticated call.
    public let coordinator: TokenRefreshCoordinator

    /// - Parameters:
    ///   - transport: the innermost client (URLSession, or an in-memory spy in tests).
    ///   - journal: where keyed writes wait until their outcome is known; `nil` leaves them out of any journal.
    ///   - user: the signed-in user, whom a journalled write belongs to.
    ///   - observer: told what each call of the app's clients said about the backend; `nil` tells no one.
    ///   - resilience: the backend's retry budget and clock, which the retries and `token_expired` replays of
    ///     `plain`, `authenticated` and `envelopeAware` share with every other chain given the same one.
    ///   - makeSession: the session the authentication decorator asks for tokens; it is handed a client without
    ///     authentication or retry for its refresh call.
    public init(
        transport: any HTTPClient,
        settings: Settings = Settings(),
        clock: any HTTPClock = SystemHTTPClock(),
        random: any RandomSource = SystemRandomSource(),
        secrets: SecretValues? = nil,
        journal: PendingWrites? = nil,
        user: @escaping @Sendable () async -> String? = { nil },
        observer: (any BackendAnswerObserving)? = nil,
        resilience: BackendResilience = BackendResilience(),
        logger: Logger,
        makeSession: (_ refreshClient: any HTTPClient) -> any AuthenticationSession
    ) {
        func deadline(_ client: any HTTPClient) -> any HTTPClient {
            DeadlineHTTPClient(
                decoratee: TraceContextHTTPClient(decoratee: client), timeout: settings.timeout, clock: clock,
                logger: logger)
        }
        func observed(_ client: any HTTPClient) -> any HTTPClient {
            observer.map { BackendObservingHTTPClient(decoratee: client, observer: $0) } ?? client
        }
        func journaling(_ client: any HTTPClient) -> any HTTPClient {
            journal.map { JournalingHTTPClient(decoratee: client, journal: $0, user: user, logger: logger) } ?? client
        }
        func retrying(_ client: any HTTPClient) -> any HTTPClient {
            RetryingHTTPClient(
                decoratee: KeyedWriteAttemptsHTTPClient(decoratee: client), policy: settings.retryPolicy, clock: clock, random: random, resilience: resilience,
                logger: logger)
        }

        let speaking = settings.acceptLanguage.map { AcceptLanguageHTTPClient(decoratee: transport, value: $0) }
        let mapped = StatusCodeMappingHTTPClient(
            decoratee: LoggingHTTPClient(
                decoratee: TransportJourneyHTTPClient(decoratee: speaking ?? transport, clock: clock, logger: logger),
                clock: clock, secrets: secrets, logger: logger),
            secrets: secrets, logger: logger)
        coordinator = TokenRefreshCoordinator(
            session: makeSession(deadline(mapped)), clock: clock, budget: settings.refreshBudget,
            refreshAhead: settings.refreshAhead, logger: logger)
        let authenticating = AuthenticatingHTTPClient(
            decoratee: retrying(mapped), coordinator: coordinator, retryBudget: resilience.retryBudget, logger: logger)

        plain = deadline(observed(journaling(retrying(mapped))))
        authenticated = deadline(observed(journaling(authenticating)))
        envelopeAware = deadline(
            observed(
                journaling(ErrorEnvelopeMappingHTTPClient(decoratee: authenticating, secrets: secrets, logger: logger)))
        )
        reports = deadline(mapped)
    }
}
