package import ErrorReports
package import Navigation
import Networking
package import SharedError

/// Everything one screen run produced: what the user saw, how it ended, and the journey the layers recorded.
package struct RunReport: Sendable {
    /// The scenario the run played, if it played one.
    package var scenario: String?
    package var screen: Screen
    /// `dev` or `prod`: what Navigation shows for an error no screen explained depends on it.
    package var environment: AppEnvironment
    package var outcome: Outcome
    package var exitCode: Int32
    /// The screen as drawn on the terminal, with Navigation's alert under it.
    package var screenText: String
    /// The view model's State, for `--format json`.
    package var state: any Encodable & Sendable
    /// The error the user was shown: Navigation's alert, or the screen's own.
    package var presentedError: PresentationError?
    package var route: Route?
    package var journey: [JourneyEntry]
    /// The client reports that reached the backend during the run.
    package var clientReports: [ClientReport]
    /// The error reports that reached the backend during the run.
    package var errorReports: [ErrorReport] = []
    /// The client reports waiting in the outbox for a later run, and how many the outbox dropped for its bound.
    package var pendingReports: ReportOutbox.Snapshot
    /// Wall time of the run.
    package var elapsed: Duration
    /// Time spent on purpose: `Retry-After`, backoff and deadlines, as the layers recorded it.
    package var deliberateWait: Duration
    /// How many transfers the backend made during the run, by its own count (the demo's transfer scenarios): the
    /// proof of exactly-once, which no client can give about itself.
    package var backendTransfers: Int?
    /// Things the user should know about the run itself (not signed in, a backend that could not be used).
    package var notes: [String]
    /// The run held against what its scenario expects; `nil` when it played none.
    package var check: CatalogCheck?
}
