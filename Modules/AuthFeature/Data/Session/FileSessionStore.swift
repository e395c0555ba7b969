public import Foundation
public import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the signed-in session in one file, written atomically with mode 0600.
///
/// - A write goes to a new temporary file in the same folder (created 0600, flushed to disk) and is renamed over
///   the old one, so a crash mid-write leaves the previous session, never half a file.
/// - A missing, corrupt, unreadable or wrong-permission file means "signed out", with one clear log line.
/// - The session is also kept in memory: if the file cannot be written, the run goes on with it unsaved.
public actor FileSessionStore {
    public nonisolated let path: URL
    private let logger: Logger
    private var cached: StoredSession?
    private var hasLoaded = false

    public init(path: URL, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// The current session, or `nil` when signed out.
    public func load() -> StoredSession? {
        if !hasLoaded {
            cached = readFromDisk()
            hasLoaded = true
        }
        return cached
    }

    /// Replaces the session, in memory at once and on disk atomically.
    public func save(_ session: StoredSession) throws(SessionStoreError) {
        cached = session
        hasLoaded = true
        let data: Data
        do {
            data = try JSONEncoder().encode(session)
        } catch {
            throw .unwritable(path: path.path, reason: "the session could not be encoded")
        }
        try AtomicFile.write(data, to: path)
    }

    /// Forgets the session, in memory and on disk.
    public func clear() {
        cached = nil
        hasLoaded = true
        do {
            try FileManager.default.removeItem(at: path)
        } catch CocoaError.fileNoSuchFile {
            return
        } catch {
            logger.warning("could not delete the session file \(path.path): \(error.localizedDescription)")
        }
    }

    private func readFromDisk() -> StoredSession? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path.path) else {
            logger.debug("no session file at \(path.path): signed out")
            return nil
        }
        let attributes = try? manager.attributesOfItem(atPath: path.path)
        if let permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue, permissions & 0o077 != 0 {
            logger.warning(
                "the session file \(path.path) can be read by others (mode \(String(permissions, radix: 8))); ignoring it: signed out"
            )
            return nil
        }
        guard let data = manager.contents(atPath: path.path) else {
            logger.warning("the session file \(path.path) cannot be read; signed out")
            return nil
        }
        guard let session = try? JSONDecoder().decode(StoredSession.self, from: data) else {
            logger.warning(
                "the session file \(path.path) is not a valid session (corrupt or from another version); signed out")
            return nil
        }
        return session
    }
}

/// Writes a file so that readers see either the old content or the new, never a mix.
enum AtomicFile {
    static func write(_ data: Data, to destination: URL) throws(SessionStoreError) {
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: destination.path, reason: "the folder cannot be created")
        }
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw .unwritable(path: destination.path, reason: String(cString: strerror(errno)))
        }
        var failure: String?
        // The creation mode is reduced by the umask; make it exactly 0600 whatever the umask.
        if fchmod(descriptor, 0o600) != 0 { failure = String(cString: strerror(errno)) }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while failure == nil, offset < buffer.count, let base = buffer.baseAddress {
                let written = posixWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                } else {
                    offset += written
                }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .unwritable(path: destination.path, reason: failure)
        }
    }
}

/// POSIX `write`, named apart from `Data`'s and `FileHandle`'s.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
