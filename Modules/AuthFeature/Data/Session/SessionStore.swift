/// Where the signed-in session is kept. Several holders may share it (two runs of the CLI, an app and its
/// extensions), so every change is decided against what the store holds at that moment, never against an old
/// copy:
///
/// - ``replace(_:after:)`` saves refreshed tokens only while the store still holds the session they were refreshed
///   from: a newer sign-in or another holder's refresh is never overwritten, and a store that holds nothing (the
///   user signed out meanwhile) stays empty.
/// - ``remove(ifStillHolding:)`` ends the session only while it still holds the token the backend refused; when
///   another holder has saved newer tokens meanwhile, it hands those back instead.
///
/// ``FileSessionStore`` keeps it in a file under an advisory lock; an iOS app would keep it in the Keychain
/// (compare-and-delete with a query on the stored token), since an app must not hold a file lock in a shared
/// container while it is suspended.
public protocol SessionStore: Sendable {
    /// Where the session is kept, as the user should be told (a path).
    var location: String { get }
    /// The session as the store holds it now, or `nil` when signed out.
    func load() async -> StoredSession?
    /// Replaces whatever is stored with `session` (a sign-in).
    func save(_ session: StoredSession) async throws(SessionStoreError)
    /// Saves `session`, refreshed from the session whose refresh token was `spentRefreshToken`, only while the store
    /// still holds that session. Returns the session the store holds afterwards: `session`, another session it kept,
    /// or `nil` when it holds none (signed out meanwhile: `session` is neither saved nor to be used). Throws when the
    /// store still holds the refreshed-from session but cannot write; `session` is then kept for this run.
    func replace(_ session: StoredSession, after spentRefreshToken: String) async throws(SessionStoreError)
        -> StoredSession?
    /// Removes the session if it still holds `credential`; otherwise leaves the store as it is.
    func remove(ifStillHolding credential: SessionCredential) async -> SessionRemoval
    /// Removes whatever session is stored (signing out); returns whether there was one. Throws when a session is
    /// stored and could not be removed, so the user is not told they signed out while they did not.
    func clear() async throws(SessionStoreError) -> Bool
}

/// What a compare-and-delete found.
public enum SessionRemoval: Hashable, Sendable {
    /// The session still held the refused token, and is gone.
    case removed
    /// There was no session (any more).
    case absent
    /// Another holder had replaced the session; it is kept, and here it is.
    case replaced(by: StoredSession)
}
