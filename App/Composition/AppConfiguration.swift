import AuthFeature
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError

/// Everything the production app is built from: which backend, whose session, which environment, which devices,
/// how long a call may take.
///
/// The CLI makes one for `--base-url`; the demo harness (App/Demo) makes one for its embedded backend. The
/// composition root takes it as it comes and knows nothing of where it came from.
struct AppConfiguration {
    /// The backend; it must implement the contract (ARCHITECTURE.md, "The backend contract").
    var baseURL: URL
    /// Where the signed-in session is kept.
    var sessionFile: URL
    /// Where client reports wait when they cannot be delivered; `nil` keeps them in memory for this process.
    var outboxFile: URL?
    /// Where keyed writes wait until their outcome is known (the pending-writes journal); `nil` keeps them in
    /// memory for this process.
    var journalFile: URL?
    var environment: AppEnvironment
    /// The device the PassKit stand-in answers for (on an Apple platform: the real device).
    var applePayDevice: SimulatedApplePayDevice = .ready
    /// Who answers the sign-in sheet.
    var signInAgent: SignInUserAgent
    /// The deadline of one call, and the chain's other knobs.
    var chain = HTTPChain.Settings()
    var appVersion: String
    /// The secrets the app learns, scrubbed from whatever it writes; shared with the process's log handler.
    var secrets: SecretValues
    var logger: Logger
    /// The innermost client, under every decorator of the chain: the process's transport (AsyncHTTPClient or
    /// URLSession), which its transport journey steps name.
    var transport: any HTTPClient
}
