/// A place the app can send the user to, away from the current screen.
public enum Route: String, Hashable, Sendable, CaseIterable, Codable {
    /// The sign-in screen, after the session has ended.
    case signIn
}
