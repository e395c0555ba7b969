public import Logging
public import SharedError

/// The app's HTTP clients, each a stack of decorators in the one order ``order`` declares (outermost first;
/// ARCHITECTURE.md, "The HTTP client chain", explains it, and a test holds its diagram to this list).
///
/// The composition root and the tests both build the chain here, so the order the tests prove is the order the
/// app runs. Each client leaves out the decorators it has no use for (``plain`` has no authentication, ``reports``
/// no retry), never reorders them.
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
    ///   - keyedWrites: the journal's two links (KeyedWrites makes them), which keep keyed writes until their outcome
    ///     is known; `nil` leaves them out of any journal.
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
        keyedWrites: KeyedWriteLinks? = nil,
        observer: (any BackendAnswerObserving)? = nil,
        resilience: BackendResilience = BackendResilience(),
        logger: Logger,
        makeSession: (_ refreshClient: any HTTPClient) -> any AuthenticationSession
    ) {
        func decorate(_ inner: any HTTPClient, with link: HTTPChainLink, _ coordinator: TokenRefreshCoordinator?)
            -> any HTTPClient
        {
            switch link {
            case .deadline:
                return DeadlineHTTPClient(decoratee: inner, timeout: settings.timeout, clock: clock, logger: logger)
            case .traceContext:
                return TraceContextHTTPClient(decoratee: inner)
            case .backendObserving:
                return observer.map { BackendObservingHTTPClient(decoratee: inner, observer: $0) } ?? inner
            case .journaling:
                return keyedWrites?.journaling(inner) ?? inner
            case .errorEnvelopeMapping:
                return ErrorEnvelopeMappingHTTPClient(decoratee: inner, secrets: secrets, logger: logger)
            case .authenticating:
                guard let coordinator else { return inner }
                return AuthenticatingHTTPClient(
                    decoratee: inner, coordinator: coordinator, retryBudget: resilience.retryBudget, logger: logger)
            case .retrying:
                return RetryingHTTPClient(
                    decoratee: inner, policy: settings.retryPolicy, clock: clock, random: random,
                    resilience: resilience, logger: logger)
            case .keyedWriteAttempts:
                return keyedWrites?.attempts(inner) ?? inner
            case .statusCodeMapping:
                return StatusCodeMappingHTTPClient(decoratee: inner, secrets: secrets, logger: logger)
            case .logging:
                return LoggingHTTPClient(decoratee: inner, clock: clock, secrets: secrets, logger: logger)
            case .transportJourney:
                return TransportJourneyHTTPClient(decoratee: inner, clock: clock, logger: logger)
            case .acceptLanguage:
                return settings.acceptLanguage.map { AcceptLanguageHTTPClient(decoratee: inner, value: $0) } ?? inner
            }
        }
        func client(leavingOut left: Set<HTTPChainLink>, _ coordinator: TokenRefreshCoordinator?) -> any HTTPClient {
            Self.order.reversed().filter { !left.contains($0) }.reduce(transport) {
                decorate($0, with: $1, coordinator)
            }
        }

        let coordinator = TokenRefreshCoordinator(
            session: makeSession(client(leavingOut: Self.leftOutOfReports, nil)), clock: clock,
            budget: settings.refreshBudget, refreshAhead: settings.refreshAhead, logger: logger)
        self.coordinator = coordinator
        plain = client(leavingOut: [.errorEnvelopeMapping, .authenticating], coordinator)
        authenticated = client(leavingOut: [.errorEnvelopeMapping], coordinator)
        envelopeAware = client(leavingOut: [], coordinator)
        reports = client(leavingOut: Self.leftOutOfReports, coordinator)
    }

    /// The decorators, outermost first: the one place their order is written.
    ///
    /// - The deadline outermost, so one deadline covers every attempt, wait and refresh; the trace just inside it,
    ///   above everything that sends a request again.
    /// - The journal outside authentication and retry, so a retry or a replay of a keyed write is the same entry;
    ///   its attempt observer just below retry, so it hears every attempt.
    /// - Authentication above retry, so one request refreshes at most once.
    /// - Status mapping below both, so they act on typed kinds and server codes.
    public static let order: [HTTPChainLink] = [
        .deadline, .traceContext, .backendObserving, .journaling, .errorEnvelopeMapping, .authenticating, .retrying,
        .keyedWriteAttempts, .statusCodeMapping, .logging, .transportJourney, .acceptLanguage,
    ]

    /// What ``reports`` and the refresh call leave out: no session, no retry (the outbox is the reports' retry), no
    /// journal, and they tell nothing about the backend's usability.
    static let leftOutOfReports: Set<HTTPChainLink> = [
        .backendObserving, .journaling, .errorEnvelopeMapping, .authenticating, .retrying, .keyedWriteAttempts,
    ]
}

/// One decorator of the chain, by the type that implements it.
public enum HTTPChainLink: String, CaseIterable, Hashable, Sendable {
    /// One deadline on the whole call.
    case deadline = "DeadlineHTTPClient"
    /// The W3C `traceparent` of the screen load.
    case traceContext = "TraceContextHTTPClient"
    /// Tells what each call said about the backend.
    case backendObserving = "BackendObservingHTTPClient"
    /// Keyed writes journalled before they are sent.
    case journaling = "JournalingHTTPClient"
    /// A 200 whose body says `"status":"error"` (the legacy cards service).
    case errorEnvelopeMapping = "ErrorEnvelopeMappingHTTPClient"
    /// The bearer token, refresh and replay.
    case authenticating = "AuthenticatingHTTPClient"
    /// Retries of idempotent calls, within the retry budget.
    case retrying = "RetryingHTTPClient"
    /// Each attempt of a keyed write, told to the write.
    case keyedWriteAttempts = "KeyedWriteAttemptsHTTPClient"
    /// Non-2xx statuses as typed kinds.
    case statusCodeMapping = "StatusCodeMappingHTTPClient"
    /// One redacted line per attempt.
    case logging = "LoggingHTTPClient"
    /// The transport's failure in the journey.
    case transportJourney = "TransportJourneyHTTPClient"
    /// The user's language on every request.
    case acceptLanguage = "AcceptLanguageHTTPClient"
}

/// The two links of the chain that keep keyed writes in a journal (``HTTPChainLink/journaling`` and
/// ``HTTPChainLink/keyedWriteAttempts``). The journal lives in its own module, KeyedWrites, which makes them; the chain
/// only places them in its order.
public struct KeyedWriteLinks: Sendable {
    /// Wraps a client in the decorator that journals each keyed write before it is sent.
    public var journaling: @Sendable (any HTTPClient) -> any HTTPClient
    /// Wraps a client in the decorator that tells the keyed write under way what each attempt showed.
    public var attempts: @Sendable (any HTTPClient) -> any HTTPClient

    /// The two links, as the journal makes them.
    public init(
        journaling: @escaping @Sendable (any HTTPClient) -> any HTTPClient,
        attempts: @escaping @Sendable (any HTTPClient) -> any HTTPClient
    ) {
        self.journaling = journaling
        self.attempts = attempts
    }
}
