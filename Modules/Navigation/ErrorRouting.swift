/// Where a screen sends the errors it does not own: app-wide conditions such as "offline" or "session expired",
/// and errors no screen explained.
///
/// Features depend on this protocol rather than on each other, so "go to sign-in" never means "import the auth
/// feature".
@MainActor
public protocol ErrorRouting: AnyObject {
    /// Decides and applies the app-wide reaction to `error`, on behalf of `screen`. Generic, so the error crosses
    /// into Navigation with its own type; Navigation is the one place that accepts errors of every kind.
    func handle(_ error: some Error, for screen: String)
    /// Takes back the alert and the route `screen` caused, as the screen starts a new load.
    func withdraw(for screen: String)
}
