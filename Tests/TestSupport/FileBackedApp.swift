import AuthFeature
public import Composition
public import Foundation
public import Logging
import Navigation
public import Networking
import PaymentsFeature
import SharedError

/// The app as one CLI run composes it against a backend, its session, report outbox and pending-writes journal in
/// files under `folder` (as `$XDG_CONFIG_HOME` and `$XDG_STATE_HOME` hold them), over `transport`: for tests that
/// play many runs of the process against one set of files.
@MainActor
public struct FileBackedApp {
    /// The folder the files live in.
    public let folder: URL
    /// `config/session.json`.
    public var sessionFile: URL { folder.appendingPathComponent("config/session.json") }
    /// `state/pending-writes.json`.
    public var journalFile: URL { folder.appendingPathComponent("state/pending-writes.json") }
    /// `state/report-outbox.json`.
    public var outboxFile: URL { folder.appendingPathComponent("state/report-outbox.json") }

    /// Files under `folder`, none made yet.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The configuration of one run against `baseURL` over `transport`, in production as the CLI makes it but for the
    /// clock, the randomness and the journal's patience and bound, which the test sets.
    public func configuration(
        baseURL: URL, transport: any HTTPClient, clock: any HTTPClock, journalLockPatience: Duration,
        journalLimit: Int, logger: Logger = quietLogger
    ) -> AppConfiguration {
        var configuration = AppConfiguration(
            baseURL: baseURL, sessionStore: FileSessionStore(path: sessionFile, logger: logger),
            outboxFile: outboxFile, journalFile: journalFile, environment: .prod,
            applePay: PassKitApplePayService(device: .ready, logger: logger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(.approve), logger: logger), appVersion: "test",
            secrets: SecretValues(), logger: logger, transport: transport)
        configuration.clock = clock
        configuration.random = FixedRandomSource(0.5)
        configuration.resilience = ResilienceRegistry()
        configuration.journalLockPatience = journalLockPatience
        configuration.journalLimit = journalLimit
        return configuration
    }

    /// Saves a session as `errorflow signin` would: `user`'s tokens, issued by `baseURL`.
    public func signIn(
        accessToken: String, refreshToken: String, user: String, baseURL: URL, signedInAt: Date? = nil
    ) async {
        try? await FileSessionStore(path: sessionFile, logger: quietLogger).save(
            StoredSession(
                accessToken: accessToken, refreshToken: refreshToken, expiresAt: nil, userID: user, userName: user,
                signedInAt: signedInAt, origin: BackendOrigin(baseURL)))
    }

    /// Signs out as `errorflow session clear` would.
    public nonisolated static func signOut(sessionFile: URL) async {
        _ = try? await FileSessionStore(path: sessionFile, logger: quietLogger).clear()
    }
}
