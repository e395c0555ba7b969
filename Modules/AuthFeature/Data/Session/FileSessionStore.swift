public import Foundation
public import Logging
import PrivateFiles
public import SharedError

/// Keeps the signed-in session in one file, written atomically with mode 0600, and never touches anything else.
///
/// - The file is only ever a session this app wrote: a directory, a symbolic link, a device, a FIFO, or a file
///   that is not such a session is never read as one, replaced or removed (``check(_:)`` tells the CLI up front).
/// - A write goes to a new temporary file in the same folder and is renamed over the old one, so a crash
///   mid-write leaves the previous session, never half a file; a failed write leaves no folder it created.
/// - A missing, corrupt, unreadable or wrong-permission file means "signed out", with one clear log line.
/// - The session is also kept in memory: if the file cannot be written, the run goes on with it unsaved.
/// - The tokens it reads or writes are told to ``SecretValues``, so nothing the app writes can carry them.
public actor FileSessionStore {
    public nonisolated let path: URL
    private let secrets: SecretValues?
    private let logger: Logger
    private var cached: StoredSession?
    private var hasLoaded = false

    public init(path: URL, secrets: SecretValues? = nil, logger: Logger) {
        self.path = path
        self.secrets = secrets
        self.logger = logger
    }

    /// Whether `path` may hold this app's session: nothing is there yet, or a session this app wrote.
    public static func check(_ path: URL) -> SessionStoreError? {
        switch PrivateFile.kind(at: path) {
        case .absent:
            return nil
        case .regularFile:
            return isSession(FileManager.default.contents(atPath: path.path))
                ? nil : .notASessionFile(path: path.path, reason: "it is a file errorflow did not write")
        case let kind:
            return .notASessionFile(path: path.path, reason: "it is \(kind.rawValue)")
        }
    }

    /// The current session, or `nil` when signed out.
    public func load() -> StoredSession? {
        if !hasLoaded {
            cached = readFromDisk()
            hasLoaded = true
            if let cached { register(cached) }
        }
        return cached
    }

    /// Replaces the session, in memory at once and on disk atomically.
    public func save(_ session: StoredSession) throws(SessionStoreError) {
        register(session)
        cached = session
        hasLoaded = true
        if let refusal = Self.check(path) { throw refusal }
        let data: Data
        do {
            data = try JSONEncoder().encode(session)
        } catch {
            throw .unwritable(path: path.path, reason: "the session could not be encoded")
        }
        do throws(PrivateFileError) {
            try PrivateFile.write(data, to: path)
        } catch {
            throw .unwritable(path: path.path, reason: Self.reason(error))
        }
    }

    /// Forgets the session, in memory and on disk; returns whether a session file was removed.
    @discardableResult
    public func clear() -> Bool {
        cached = nil
        hasLoaded = true
        if let refusal = Self.check(path) {
            logger.warning("the session is forgotten, but \(refusal)")
            return false
        }
        do throws(PrivateFileError) {
            let existed = PrivateFile.kind(at: path) == .regularFile
            try PrivateFile.remove(path)
            return existed
        } catch {
            logger.warning("could not delete the session file \(path.path): \(error)")
            return false
        }
    }

    private func readFromDisk() -> StoredSession? {
        switch PrivateFile.read(path) {
        case .failure(.absent):
            logger.debug("no session file at \(path.path): signed out")
            return nil
        case .failure(.readableByOthers(_, let mode)):
            logger.warning(
                "the session file \(path.path) can be read by others (mode \(String(mode, radix: 8))); ignoring it: signed out"
            )
            return nil
        case .failure(let problem):
            logger.warning("the session file cannot be used (\(problem)); signed out")
            return nil
        case .success(let data):
            guard let session = try? JSONDecoder().decode(StoredSession.self, from: data) else {
                logger.warning(
                    "the session file \(path.path) is not a valid session (corrupt or from another version); signed out"
                )
                return nil
            }
            return session
        }
    }

    private func register(_ session: StoredSession) {
        secrets?.register(session.accessToken, as: .token)
        secrets?.register(session.refreshToken, as: .token)
    }

    private static func isSession(_ data: Data?) -> Bool {
        guard let data else { return false }
        return (try? JSONDecoder().decode(StoredSession.self, from: data)) != nil
    }

    private static func reason(_ error: PrivateFileError) -> String {
        switch error {
        case .unwritable(_, let reason): reason
        default: "\(error)"
        }
    }
}
