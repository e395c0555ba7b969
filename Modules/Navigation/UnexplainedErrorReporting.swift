public import SharedError

/// Where Navigation tells the backend engineers about the errors nobody explained, in DEV and production alike.
///
/// Navigation's own protocol, so that it never imports Networking: the composition root connects it to the report
/// sender. It hears of each screen load once, when the load has ended, with what the load handed over as values.
public protocol UnexplainedErrorReporting: Sendable {
    /// `load` has ended: an error Navigation presented unexplained in it (developer detail in DEV, the safe default
    /// in production) is reported once, with the load's journey as breadcrumbs; if there was none, so is each
    /// unexplained error a layer left out while the screen still showed something. Called inside the load's trace
    /// (``ScreenTrace``); must return at once and never fail the caller.
    func screenLoadEnded(_ load: ScreenLoad, environment: AppEnvironment)
    /// A new reference for the report of an error Navigation is presenting unexplained: the user is shown it, and
    /// the report made when the load ends carries it (handed over with the error, ``ScreenLoad``).
    func newReference() -> ErrorReference
}
