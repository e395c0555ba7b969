public import SharedError

/// Where Navigation tells the backend engineers about the errors nobody explained, in DEV and production alike.
///
/// Navigation's own protocol, so that it never imports Networking: the composition root connects it to the report
/// sender. Both calls are made inside the screen load's trace (``ScreenTrace``), must return at once and must never
/// fail the caller.
public protocol UnexplainedErrorReporting: Sendable {
    /// `error` reached Navigation unexplained and was presented (developer detail in DEV, the safe default in
    /// production) during the running screen load: reported once, with the load's journey as breadcrumbs.
    func presentedUnexplained(_ error: some ScreenError, environment: AppEnvironment)
    /// The running screen load has ended: an unexplained error a layer below Navigation left out while the screen
    /// still showed something (a `default` one omitted) is reported now, unless Navigation presented one in the same
    /// load, which already covers it.
    func screenLoadEnded(environment: AppEnvironment)
}
