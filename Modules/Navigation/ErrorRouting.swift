/// Where a screen sends the errors it does not own: app-wide conditions such as "offline" or "session expired".
///
/// Features depend on this protocol rather than on each other, so "go to sign-in" never means "import the auth
/// feature".
@MainActor
public protocol ErrorRouting: AnyObject {
    /// Decides and applies the app-wide reaction to `error`.
    func handle(_ error: any Error)
}
