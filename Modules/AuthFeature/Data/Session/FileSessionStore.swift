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
/// - Every read sees the file as it is now: another process's refresh is picked up by the next request.
/// - The file is only ever a session this app wrote: a directory, a symbolic link, a device, a FIFO, a file that is
///   not such a session or one others can read is never read as one, replaced or removed (``check(_:)`` tells the
///   CLI up front, which refuses it).
/// - A write goes to a new temporary file in the same folder and is renamed over the old one, so a crash mid-write
///   leaves the previous session, never half a file.
/// - If the file cannot be written, the run goes on with the session in memory, unsaved.
/// - The tokens it reads or writes are told to ``SecretValues``, so nothing the app writes can carry them.
public actor FileSessionStore: SessionStore {
    /// The session file; its lock file is `path` with `.lock` appended, in the same folder.
    public nonisolated let path: URL
    private let secrets: SecretValues?
    private let logger: Logger
    /// The last session read, and the file it was read from.
    private var cache: (stamp: FileStamp, session: StoredSession?)?
    /// A session this run could not save: it is used for the rest of the run, whatever the file says.
    private var unsaved: StoredSession?

    /// Makes a store for the file at `path`; nothing is read or created until the first call. Tokens it reads or writes
    /// are registered with `secrets`.
    public init(path: URL, secrets: SecretValues? = nil, logger: Logger) {
        self.path = path
        self.secrets = secrets
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
    public func load() -> StoredSession? {
        if let unsaved { return unsaved }
        let stamp = FileStamp(of: path)
        if let cache, cache.stamp == stamp { return cache.session }
        let session = readFromDisk()
        cache = (stamp, session)
        if let session { register(session) }
        return session
    }

    /// Replaces the session (a sign-in), under the lock.
    public func save(_ session: StoredSession) async throws(SessionStoreError) {
        register(session)
        let data = try encode(session)
        do throws(SessionStoreError) {
            try await change { current throws(SessionStoreError) -> FileChange in
                if case .unusable(let reason) = current { throw .notASessionFile(path: path.path, reason: reason) }
                return .write(data)
            }
        } catch {
            unsaved = session
            throw error
        }
    }

    /// Saves refreshed tokens under the lock unless the file now holds a session without `spentRefreshToken`, which is
    /// kept and returned. Throws ``SessionStoreError`` when the file cannot be written; `session` is then kept in
    /// memory for this run.
    public func replace(_ session: StoredSession, after spentRefreshToken: String) async throws(SessionStoreError)
        -> StoredSession
    {
        register(session)
        let data = try encode(session)
        var kept: StoredSession?
        do throws(SessionStoreError) {
            try await change { current throws(SessionStoreError) -> FileChange in
                switch current {
                case .session(let stored) where !stored.holds(.refreshToken(spentRefreshToken)):
                    kept = stored
                    return .keep
                case .unusable(let reason):
                    throw .notASessionFile(path: path.path, reason: reason)
                case .session, .absent:
                    return .write(data)
                }
            }
        } catch {
            unsaved = session
            throw error
        }
        if let kept {
            logger.notice("another run changed the session meanwhile; the file keeps its session")
            register(kept)
            return kept
        }
        return session
    }

    /// Removes the session file under the lock if it still holds `credential`; returns the newer session when another
    /// holder replaced it. A file that cannot be changed is logged and the session is forgotten for this run only.
    public func remove(ifStillHolding credential: SessionCredential) async -> SessionRemoval {
        if let held = unsaved {
            guard held.holds(credential) else { return .replaced(by: held) }
            unsaved = nil
        }
        var removal = SessionRemoval.absent
        do throws(SessionStoreError) {
            try await change { current throws(SessionStoreError) -> FileChange in
                switch current {
                case .session(let stored) where stored.holds(credential):
                    removal = .removed
                    return .remove
                case .session(let stored):
                    removal = .replaced(by: stored)
                    return .keep
                case .absent, .unusable:
                    return .keep
                }
            }
        } catch {
            logger.warning("the session is forgotten for this run, but \(error)")
            return .removed
        }
        if case .replaced(let newer) = removal { register(newer) }
        return removal
    }

    /// Forgets the session, in memory and on disk; returns whether a session file was removed.
    @discardableResult
    public func clear() async -> Bool {
        unsaved = nil
        var existed = false
        do throws(SessionStoreError) {
            try await change { current throws(SessionStoreError) -> FileChange in
                switch current {
                case .session: existed = true
                case .absent: existed = false
                case .unusable(let reason): throw .notASessionFile(path: path.path, reason: reason)
                }
                return existed ? .remove : .keep
            }
        } catch {
            logger.warning("the session is forgotten, but \(error)")
        }
        return existed
    }

    // MARK: - The file

    /// What the file holds, as a change sees it.
    private enum Content {
        case absent
        case session(StoredSession)
        /// Something this store must leave as it is (another format, others can read it, not a regular file).
        case unusable(String)
    }

    /// Runs one change under the lock, decided by `decide` from what the file holds at that moment.
    private func change(_ decide: (Content) throws(SessionStoreError) -> FileChange) async throws(SessionStoreError) {
        var refusal: SessionStoreError?
        do throws(PrivateFileError) {
            try await PrivateFile.change(path) { read in
                do throws(SessionStoreError) {
                    return (try decide(Self.content(of: read)), ())
                } catch {
                    refusal = error
                    return (.keep, ())
                }
            }
        } catch {
            throw error.busy ? .busy(path: path.path) : .unwritable(path: path.path, reason: Self.reason(error))
        }
        if let refusal { throw refusal }
    }

    private static func content(of read: Result<Data, PrivateFileError>) -> Content {
        switch read {
        case .failure(.absent): .absent
        case .failure(let problem): .unusable("\(problem)")
        case .success(let data): decode(data).map(Content.session) ?? .unusable("it is a file errorflow did not write")
        }
    }

    private func readFromDisk() -> StoredSession? {
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

    private func register(_ session: StoredSession) {
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
