import Navigation
import Networking
import SharedError

/// Everything one screen run produced: what the user saw, how it ended, and the journey the layers recorded.
struct RunReport: Sendable {
    /// The demo scenario the run played, if it played one.
    var scenario: String?
    var screen: Screen
    /// `dev` or `prod`: what Navigation shows for an error no screen explained depends on it.
    var environment: AppEnvironment
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
    /// The client reports that reached the backend during the run.
    var clientReports: [ClientReport]
    /// The error reports that reached the backend during the run.
    var errorReports: [ErrorReport] = []
    /// The client reports waiting in the outbox for a later run, and how many the outbox dropped for its bound.
    var pendingReports: ReportOutbox.Snapshot
    /// Wall time of the run.
    var elapsed: Duration
    /// Time spent on purpose: `Retry-After`, backoff and deadlines, as the layers recorded it.
    var deliberateWait: Duration
    /// How many transfers the demo backend made during the run, by its own count (transfer scenarios only): the
    /// proof of exactly-once, which no client can give about itself.
    var backendTransfers: Int?
    /// Things the user should know about the run itself (not signed in, a backend that could not be used).
    var notes: [String]
}
