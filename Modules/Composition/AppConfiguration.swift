public import AuthFeature
public import Domain
public import Foundation
import KeyedWrites
public import Logging
public import Navigation
public import Networking
public import SharedError

/// Everything the app is built from: which backend, whose session, which environment, which vendor SDKs, how long
/// a call may take, and the transport.
///
/// Whoever starts the app makes one (the CLI for `--base-url`, the demo harness for its embedded backend, a test
/// for its in-memory backend, an iOS app for its own); the composition root takes it as it comes.
@MainActor
public struct AppConfiguration {
    /// The backend; it must implement the contract (`docs/openapi.yaml`).
    public var baseURL: URL
    /// The backend behind a proxy at ``baseURL`` (`errorflow proxy`), when the base URL is one; `nil` otherwise.
    public var proxiedBackend: URL?
    /// Where the signed-in session is kept: a file here, the Keychain in an iOS app.
    public var sessionStore: any SessionStore
    /// Where client reports wait when they cannot be delivered; `nil` keeps them in memory for this process.
    public var outboxFile: URL?
    /// Where keyed writes wait until their outcome is known (the pending-writes journal); `nil` keeps them in
    /// memory for this process.
    public var journalFile: URL?
    /// Where the last content of each screen is kept between runs (beside the session file); `nil` keeps it in
    /// memory for this process.
    public var lastContentFiles: LastContentFiles?
    /// How long the last content of a screen may be shown when the backend cannot be reached.
    public var lastContentMaxAge: Duration = .seconds(24 * 60 * 60)
    /// How long a change of the journal waits for another process's lock before the write is refused (not sent).
    public var journalLockPatience: Duration = .seconds(10)
    /// The most keyed writes the journal keeps for this backend; a full share refuses new ones.
    public var journalLimit = PendingWrites.defaultLimit
    /// Whether errors no screen explained show developer detail.
    public var environment: AppEnvironment
    /// Apple Pay on this device, behind the payments feature's facade.
    public var applePay: any ApplePayService
    /// Sign in with Apple, behind the auth feature's facade.
    public var appleSignIn: AppleSignInFacade
    /// The deadline of one call, and the chain's other knobs.
    public var chain = HTTPChain.Settings()
    /// Sent with client reports and error reports.
    public var appVersion: String
    /// Whether errors nobody explained are sent to the backend as error reports (`POST /v1/error-reports`). When
    /// not, no report leaves the machine: client reports of decoding defects are kept in the outbox with what already
    /// waits there, for the first run with reports on.
    public var sendsErrorReports = true
    /// The secrets the app learns, scrubbed from whatever it writes; shared with the process's log handler.
    public var secrets: SecretValues
    /// Where every layer records its journey steps and log lines.
    public var logger: Logger
    /// The innermost client, under every decorator of the chain (AsyncHTTPClient or URLSession, or an in-memory
    /// backend in tests).
    public var transport: any HTTPClient
    /// The chain's time: deadlines, backoffs, `Retry-After`.
    public var clock: any HTTPClock = SystemHTTPClock()
    /// The chain's randomness: the retry jitter.
    public var random: any RandomSource = SystemRandomSource()
    /// Where the references of error reports come from, which the user is shown and may quote to support: the
    /// system's random generator unless told.
    public var errorReferences: ErrorReferences = .random

    /// Which backend the session, the pending writes, the report outbox and the retry budget belong to: the one
    /// behind the proxy when ``baseURL`` is a proxy, so that a run through it and a run straight at the backend
    /// share them (a write whose answer the proxy dropped is sent again under its key); ``baseURL`` otherwise.
    public var backendIdentity: URL { proxiedBackend ?? baseURL }
    /// The language the screens speak, and the `Accept-Language` of every request: English unless told.
    public var language: Language = .english
    /// Where the retry budget and the clock of each backend are kept: the process's by default, so every app the
    /// process composes for one backend spends one budget.
    public var resilience: ResilienceRegistry = .process

    /// A configuration for the backend at `baseURL`, with the session, vendor services and transport the app runs
    /// on; the chain, clock and randomness keep their production defaults until changed.
    public init(
        baseURL: URL, sessionStore: any SessionStore, outboxFile: URL? = nil, journalFile: URL? = nil,
        environment: AppEnvironment, applePay: any ApplePayService, appleSignIn: AppleSignInFacade,
        appVersion: String, secrets: SecretValues, logger: Logger, transport: any HTTPClient
    ) {
        self.baseURL = baseURL
        self.sessionStore = sessionStore
        self.outboxFile = outboxFile
        self.journalFile = journalFile
        self.environment = environment
        self.applePay = applePay
        self.appleSignIn = appleSignIn
        self.appVersion = appVersion
        self.secrets = secrets
        self.logger = logger
        self.transport = transport
    }
}
