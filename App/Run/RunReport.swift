import DemoBackend
import Navigation
import Networking
import SharedError

/// Everything one screen run produced: what the user saw, how it ended, and the journey the layers recorded.
struct RunReport: Sendable {
    var scenario: DemoScenario
    var screen: Screen
    var outcome: Outcome
    var exitCode: Int32
    /// The screen as drawn on the terminal, with Navigation's alert under it.
    var screenText: String
    /// The view model's State, for `--format json`.
    var state: any Encodable & Sendable
    /// The error the user was shown: Navigation's alert, or the screen's own.
    var presentedError: PresentationError?
    var route: Route?
    var journey: [JourneyEntry]
    var clientReports: [ClientReport]
    /// Wall time of the run.
    var elapsed: Duration
    /// Time spent on purpose: `Retry-After`, backoff and deadlines, as the layers recorded it.
    var deliberateWait: Duration
    /// Things the user should know about the run itself (an unwritable session file).
    var notes: [String]
}
