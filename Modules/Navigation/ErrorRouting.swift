public import SharedError

/// Where a screen sends the errors it does not own: app-wide conditions such as "offline" or "session expired",
/// and errors no screen explained.
///
/// Features depend on this protocol rather than on each other, so "go to sign-in" never means "import the auth
/// feature".
@MainActor
public protocol ErrorRouting: AnyObject {
    /// Decides and applies the app-wide reaction to `error`, on behalf of `screen`: by what the error declares (its
    /// category, its app-wide condition), never by its type.
    func handle(_ error: some CategorizedError, for screen: String)
    /// Takes back the alert and the route `screen` caused, as the screen starts a new load.
    func withdraw(for screen: String)
    /// The language every screen words its errors in.
    var language: Language { get }
    /// Hears that `load`, a load of `screen`, has ended, inside its trace: what it left unexplained is reported then.
    func loadEnded(_ load: ScreenLoad, for screen: String)
}
