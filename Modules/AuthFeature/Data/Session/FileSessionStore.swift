public import Foundation
public import Logging
import PrivateFiles
public import SharedError

/// Keeps the signed-in session in one file, mode 0600, that several processes may share, and never touches
/// anything else.
///
/// - Every change happens under the file's advisory lock (`session.json.lock` beside it), decided against the file
///   as it is at that moment: ``SessionStore`` says what each change keeps. No lock is ever held across a network
///   call.
/// - Every read sees the file as it is now: another process's refresh is picked up by the next request, and so is
///   another process's sign-out.
/// - The file is only ever a session this app wrote: a directory, a symbolic link, a device, a FIFO, a file that is
///   not such a session or one others can read is never read as one, replaced or removed (``check(_:)`` tells the
///   CLI up front, which refuses it).
/// - A write goes to a new temporary file in the same folder and is renamed over the old one, so a crash mid-write
///   leaves the previous session, never half a file.
/// - If the file cannot be changed, this run goes on with what it decided (a session it could not save, or no
///   session where it could not remove one) for as long as the file stays as it was; once another process changes
///   the file, the file is the session again.
/// - The tokens it reads or writes are told to ``SecretValues``, so nothing the app writes can carry them.
public actor FileSessionStore: SessionStore {
    /// The session file; its lock file is `path` with `.lock` appended, in the same folder.
    public nonisolated let path: URL
    /// `path` as the C string `stat` takes, made once: the store stamps the file at every read.
    private nonisolated let filePath: ContiguousArray<CChar>
    private let secrets: SecretValues?
    private let logger: Logger
    /// How long a change waits while another process holds the lock.
    private let patience: Duration
    /// What the store keeps between calls, under a lock of its own, so that ``load()`` (every request reads the
    /// session) needs no hop onto the actor; the changes stay on the actor, one at a time.
    private struct Held: Sendable {
        /// The last session read, and the file it was read from.
        var cache: (stamp: FileStamp, session: StoredSession?)?
        /// What this run holds instead of the file, because the file could not be changed (a session it could not
        /// save, or `nil` for one it could not remove), and the file as it was then. It stands only while the file
        /// stays exactly so.
        var instead: (session: StoredSession?, over: FileStamp)?
    }

    private let held = LockedState(Held())

    /// What this run holds instead of the file.
    private nonisolated var instead: (session: StoredSession?, over: FileStamp)? {
        get { held.withLock { $0.instead } }
        set { held.withLock { $0.instead = newValue } }
    }

    /// Makes a store for the file at `path`; nothing is read or created until the first call. Tokens it reads or writes
    /// are registered with `secrets`; a change waits at most `patience` for another process's lock.
    public init(path: URL, secrets: SecretValues? = nil, patience: Duration = .seconds(10), logger: Logger) {
        self.path = path
        filePath = path.path.utf8CString
        self.secrets = secrets
        self.patience = patience
        self.logger = logger
    }

    /// The session file's path, for messages to the user.
    public nonisolated var location: String { path.path }

    /// Whether `path` may hold this app's session: nothing is there yet, or a session this app wrote that only its
    /// owner can read.
    public static func check(_ path: URL) -> SessionStoreError? {
        switch PrivateFile.read(path) {
        case .failure(.absent):
            return nil
        case .success(let data):
            return decode(data) == nil
                ? .notASessionFile(path: path.path, reason: "it is a file errorflow did not write") : nil
        case .failure(.readableByOthers(_, let mode)):
            return .notASessionFile(
                path: path.path,
                reason:
                    "others can read it (mode \(String(mode, radix: 8))); `chmod 600` it to use it, or remove it")
        case .failure(.notARegularFile(_, let kind)):
            return .notASessionFile(path: path.path, reason: "it is \(kind.rawValue)")
        case .failure(let problem):
            return .notASessionFile(path: path.path, reason: "\(problem)")
        }
    }

    /// The current session, or `nil` when signed out. Reads the file again whenever it changed since the last read.
    public nonisolated func load() -> StoredSession? {
        if let instead = standingInstead() { return instead.session }
        let stamp = FileStamp(atPath: filePath)
        if let cache = held.withLock({ $0.cache }), cache.stamp == stamp { return cache.session }
        let session = readFromDisk()
        // Kept only for a file that stayed as it was while it was read, so that a session that came and went between
        // the two looks is never answered for the empty place it left. A read that raced another keeps its own
        // stamp: a stale one never matches the file again.
        let unchanged = FileStamp(atPath: filePath) == stamp && (session == nil || !stamp.foundNothing)
        held.withLock { $0.cache = unchanged ? (stamp, session) : nil }
        if let session { register(session) }
        return session
    }

    /// Replaces the session (a sign-in), under the lock. When the file cannot be written, `session` is kept for this
    /// run and the error thrown.
    public func save(_ session: StoredSession) async throws(SessionStoreError) {
        register(session)
        let data = try encode(session)
        var seen: FileStamp?
        do throws(SessionStoreError) {
            try await change { current, stamp throws(SessionStoreError) -> (FileChange, Void) in
                seen = stamp
                if case .unusable(let reason) = current { throw .notASessionFile(path: path.path, reason: reason) }
                return (.write(data), ())
            }
            instead = nil
        } catch {
            instead = (session, seen ?? FileStamp(atPath: filePath))
            throw error
        }
    }

    /// Saves refreshed tokens under the lock only while the file holds the session whose refresh token was
    /// `spentRefreshToken`. Returns `session`, the other session the file holds (kept), or `nil` when the file holds
    /// none: the user signed out meanwhile, and the file stays as it is. Throws ``SessionStoreError`` when the file
    /// still holds the refreshed-from session but cannot be written; `session` is then kept for this run.
    public func replace(_ session: StoredSession, after spentRefreshToken: String) async throws(SessionStoreError)
        -> StoredSession?
    {
        register(session)
        let refreshedFrom = SessionCredential.refreshToken(spentRefreshToken)
        if let standing = standingInstead() {
            // This run holds its own session instead of the file, which stays as it is.
            guard let held = standing.session, held.holds(refreshedFrom) else {
                return kept(standing.session, over: session)
            }
            instead = (session, standing.over)
            return session
        }
        let data = try encode(session)
        func decide(_ current: Content) -> (FileChange, StoredSession?) {
            switch current {
            case .session(let stored) where stored.holds(refreshedFrom): (.write(data), session)
            case .session(let stored): (.keep, stored)
            case .absent: (.keep, nil)
            case .unusable: (.keep, nil)
            }
        }
        var seen: (content: Content, stamp: FileStamp)?
        let held: StoredSession?
        do throws(SessionStoreError) {
            held = try await change { current, stamp in
                seen = (current, stamp)
                return decide(current)
            }
        } catch {
            // Either the lock could not be had, so the file was never seen, or it still held the refreshed-from
            // session and could not be written.
            let (current, stamp) = seen ?? snapshot()
            guard case .session(let stored) = current, stored.holds(refreshedFrom) else {
                return kept(decide(current).1, over: session)
            }
            instead = (session, stamp)
            throw error
        }
        return kept(held, over: session)
    }

    /// Removes the session file under the lock if it still holds `credential`; returns the newer session when another
    /// holder replaced it. A file that cannot be changed is logged and left, and the session is over for this run
    /// while the file stays as it was.
    public func remove(ifStillHolding credential: SessionCredential) async -> SessionRemoval {
        if let standing = standingInstead() {
            guard let held = standing.session else { return .absent }
            guard held.holds(credential) else { return .replaced(by: held) }
            // The file never got this session: it still holds the one before it, which this run has spent.
            instead = (nil, standing.over)
            return .removed
        }
        func decide(_ current: Content) -> (FileChange, SessionRemoval) {
            switch current {
            case .session(let stored) where stored.holds(credential): (.remove, .removed)
            case .session(let stored): (.keep, .replaced(by: stored))
            case .absent, .unusable: (.keep, .absent)
            }
        }
        var seen: (content: Content, stamp: FileStamp)?
        var removal: SessionRemoval
        do throws(SessionStoreError) {
            removal = try await change { current, stamp in
                seen = (current, stamp)
                return decide(current)
            }
        } catch {
            let (current, stamp) = seen ?? snapshot()
            let change: FileChange
            (change, removal) = decide(current)
            if change == .remove {
                logger.warning("the session is over for this run, but \(error)")
                instead = (nil, stamp)
            }
        }
        if case .replaced(let newer) = removal { register(newer) }
        return removal
    }

    /// Signs out: removes the session file under the lock; returns whether there was a session to remove. When the
    /// file holds a session that cannot be removed (another process holds the lock for too long, the file cannot be
    /// unlinked) or something that is not a session, it throws: the user is still signed in for every other run.
    /// This run is signed out either way, while the file stays as it was.
    @discardableResult
    public func clear() async throws(SessionStoreError) -> Bool {
        var seen: FileStamp?
        do throws(SessionStoreError) {
            let existed = try await change { current, stamp throws(SessionStoreError) -> (FileChange, Bool) in
                seen = stamp
                switch current {
                case .session: return (.remove, true)
                case .absent: return (.keep, false)
                case .unusable(let reason): throw .notASessionFile(path: path.path, reason: reason)
                }
            }
            instead = nil
            return existed
        } catch {
            guard let seen else {
                // The lock could not be had: there may be nothing to sign out of.
                let (current, stamp) = snapshot()
                if case .absent = current {
                    instead = nil
                    return false
                }
                instead = (nil, stamp)
                throw error
            }
            instead = (nil, seen)
            throw error
        }
    }

    // MARK: - The file

    /// What the file holds, as a change sees it.
    private enum Content {
        case absent
        case session(StoredSession)
        /// Something this store must leave as it is (another format, others can read it, not a regular file).
        case unusable(String)
    }

    /// Runs one change under the lock, decided by `decide` from what the file holds at that moment and its stamp.
    private func change<Value>(
        _ decide: (Content, FileStamp) throws(SessionStoreError) -> (FileChange, Value)
    ) async throws(SessionStoreError) -> Value {
        let decided: Result<Value, SessionStoreError>
        do throws(PrivateFileError) {
            decided = try await PrivateFile.change(path, patience: patience) { read in
                do throws(SessionStoreError) {
                    let (change, value) = try decide(Self.content(of: read), FileStamp(atPath: filePath))
                    return (change, .success(value))
                } catch {
                    return (.keep, .failure(error))
                }
            }
        } catch {
            throw error.busy ? .busy(path: path.path) : .unwritable(path: path.path, reason: Self.reason(error))
        }
        return try decided.get()
    }

    /// The file as it is now, read without the lock (every write is an atomic rename), and its stamp.
    private func snapshot() -> (Content, FileStamp) {
        let stamp = FileStamp(atPath: filePath)
        return (Self.content(of: PrivateFile.read(path)), stamp)
    }

    /// What this run holds instead of the file, while the file stays as it was then; forgotten once it changed.
    private nonisolated func standingInstead() -> (session: StoredSession?, over: FileStamp)? {
        guard let standing = instead else { return nil }
        guard FileStamp(atPath: filePath) == standing.over else {
            // Forgotten unless a change on the actor put another in its place meanwhile.
            held.withLock { held in
                if held.instead?.over == standing.over, held.instead?.session == standing.session { held.instead = nil }
            }
            logger.notice(
                "the session file changed since this run last could not change it; the file's session is used")
            return nil
        }
        return standing
    }

    /// `held`, what the file holds after refreshed tokens `renewed` were offered, told to the log and the secrets.
    private func kept(_ held: StoredSession?, over renewed: StoredSession) -> StoredSession? {
        if let held, held != renewed {
            logger.notice("another run changed the session meanwhile; the file keeps its session")
            register(held)
        } else if held == nil {
            logger.notice("signed out while the tokens were refreshed; the new tokens are not saved")
        }
        return held
    }

    private static func content(of read: Result<Data, PrivateFileError>) -> Content {
        switch read {
        case .failure(.absent): .absent
        case .failure(let problem): .unusable("\(problem)")
        case .success(let data): decode(data).map(Content.session) ?? .unusable("it is a file errorflow did not write")
        }
    }

    private nonisolated func readFromDisk() -> StoredSession? {
        switch PrivateFile.read(path) {
        case .failure(.absent):
            logger.debug("no session file at \(path.path): signed out")
            return nil
        case .failure(.readableByOthers(_, let mode)):
            logger.warning(
                "the session file \(path.path) can be read by others (mode \(String(mode, radix: 8))); left as it is: signed out"
            )
            return nil
        case .failure(let problem):
            logger.warning("the session file cannot be used (\(problem)); signed out")
            return nil
        case .success(let data):
            guard let session = Self.decode(data) else {
                logger.warning(
                    "the session file \(path.path) is not a valid session (corrupt or from another version); left as it is: signed out"
                )
                return nil
            }
            return session
        }
    }

    private func encode(_ session: StoredSession) throws(SessionStoreError) -> Data {
        do {
            return try JSONEncoder().encode(session)
        } catch {
            throw .unwritable(path: path.path, reason: "the session could not be encoded")
        }
    }

    private nonisolated func register(_ session: StoredSession) {
        secrets?.register(session.accessToken, as: .token)
        secrets?.register(session.refreshToken, as: .token)
    }

    private static func decode(_ data: Data) -> StoredSession? {
        try? JSONDecoder().decode(StoredSession.self, from: data)
    }

    private static func reason(_ error: PrivateFileError) -> String {
        switch error {
        case .unwritable(_, let reason): reason
        default: "\(error)"
        }
    }
}

extension PrivateFileError {
    fileprivate var busy: Bool {
        if case .busy = self { return true }
        return false
    }
}
