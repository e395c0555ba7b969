public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that holds something private (a session, queued reports, the pending-writes journal): written atomically with mode 0600, and never
/// anything but a regular file.
///
/// - Writes go to a new temporary file in the same folder (created 0600, synced) and are renamed over the target,
///   and the folder is synced, so a reader sees the old content or the new, never a mix, and a write that returned
///   survives a crash. Missing folders are created 0700, and removed again
///   if the write fails.
/// - A path that is a directory, a symbolic link, a device, a FIFO or a socket is refused, never replaced or
///   removed: the user gave the wrong path, and whatever is there stays as it was.
public enum PrivateFile {
    /// What is at a path, without following a symbolic link.
    public static func kind(at url: URL) -> PathKind {
        guard !url.path.isEmpty else { return .empty }
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .absent : .unknown }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFCHR, S_IFBLK: return .device
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .unknown
        }
    }

    /// The content of a regular file that only its owner can read, or why it cannot be used.
    public static func read(_ url: URL) -> Result<Data, PrivateFileError> {
        let kind = kind(at: url)
        guard kind == .regularFile else {
            return .failure(kind == .absent ? .absent(path: url.path) : .notARegularFile(path: url.path, kind: kind))
        }
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & 0o077 != 0 {
            return .failure(.readableByOthers(path: url.path, mode: Int(status.st_mode & 0o777)))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.unreadable(path: url.path))
        }
        return .success(data)
    }

    /// The content of a regular file that only its owner can read, reading at most `limit` bytes: a longer file is
    /// ``PrivateFileError/tooLarge(path:limit:)``, and nothing past the limit is read.
    public static func read(_ url: URL, atMost limit: Int) -> Result<Data, PrivateFileError> {
        let kind = kind(at: url)
        guard kind == .regularFile else {
            return .failure(kind == .absent ? .absent(path: url.path) : .notARegularFile(path: url.path, kind: kind))
        }
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(path: url.path)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unreadable(path: url.path))
        }
        if (status.st_mode & 0o077) != 0 {
            return .failure(.readableByOthers(path: url.path, mode: Int(status.st_mode & 0o777)))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(path: url.path)) }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[..<count])
        }
        return .failure(.tooLarge(path: url.path, limit: limit))
    }

    /// Replaces the file's content atomically with mode 0600; the target must be absent, or a regular file its
    /// owner may write (a file made read-only stays as it is, even for root).
    public static func write(_ data: Data, to destination: URL) throws(PrivateFileError) {
        let kind = kind(at: destination)
        guard kind == .absent || kind == .regularFile else {
            throw .notARegularFile(path: destination.path, kind: kind)
        }
        var status = stat()
        if kind == .regularFile, lstat(destination.path, &status) == 0, status.st_mode & 0o200 == 0 {
            throw .unwritable(path: destination.path, reason: "it is read-only")
        }
        let created = try createMissingFolders(above: destination)
        do throws(PrivateFileError) {
            try writeThenRename(data, to: destination)
        } catch {
            removeEmptyFolders(created)
            throw error
        }
    }

    /// Removes the file if it is a regular file; an absent file is already removed.
    public static func remove(_ url: URL) throws(PrivateFileError) {
        switch kind(at: url) {
        case .absent:
            return
        case .regularFile:
            guard unlink(url.path) == 0 else { throw .unwritable(path: url.path, reason: lastError()) }
        case let other:
            throw .notARegularFile(path: url.path, kind: other)
        }
    }

    // MARK: - Writing

    /// Creates the folders above `file` that do not exist yet (0700), and returns the ones it made, deepest last. A
    /// folder another process makes meanwhile is taken as it is.
    static func createMissingFolders(above file: URL) throws(PrivateFileError) -> [URL] {
        var missing: [URL] = []
        var folder = file.deletingLastPathComponent()
        while kind(at: folder) == .absent, folder.path != "/", !folder.path.isEmpty {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        var created: [URL] = []
        for folder in missing {
            guard mkdir(folder.path, 0o700) == 0 else {
                // Another process made it a moment ago: it is there, and not ours to remove.
                if errno == EEXIST, kind(at: folder) == .directory { continue }
                let reason = lastError()
                removeEmptyFolders(created)
                throw .unwritable(path: file.path, reason: "cannot create \(folder.path): \(reason)")
            }
            created.append(folder)
        }
        return created
    }

    private static func writeThenRename(_ data: Data, to destination: URL) throws(PrivateFileError) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: destination.path, reason: lastError()) }
        var failure: String?
        // The creation mode is reduced by the umask; make it exactly 0600 whatever the umask.
        if fchmod(descriptor, 0o600) != 0 { failure = lastError() }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while failure == nil, offset < buffer.count, let base = buffer.baseAddress {
                let written = posixWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                } else {
                    offset += written
                }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary.path)
            throw .unwritable(path: destination.path, reason: failure)
        }
        // The rename is durable only once the folder is: a crash must not bring back the old content.
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .unwritable(path: destination.path, reason: lastError()) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw .unwritable(path: destination.path, reason: lastError()) }
    }

    private static func removeEmptyFolders(_ folders: [URL]) {
        for folder in folders.reversed() { rmdir(folder.path) }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// What a path names, as ``PrivateFile/kind(at:)`` found it.
public enum PathKind: String, Hashable, Sendable {
    case empty = "an empty path"
    case absent = "nothing"
    case regularFile = "a regular file"
    case directory = "a directory"
    case symbolicLink = "a symbolic link"
    case device = "a device"
    case fifo = "a FIFO"
    case socket = "a socket"
    case unknown = "something that cannot be inspected"
}

/// Why a private file could not be read, written or removed. Names the path and the problem, never the content.
public enum PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing is at the path.
    case absent(path: String)
    /// The path is something other than a regular file (`kind` says what).
    case notARegularFile(path: String, kind: PathKind)
    /// The file's mode lets others read it (`mode` is the permission bits), so it is not treated as private.
    case readableByOthers(path: String, mode: Int)
    /// The file is there but could not be read.
    case unreadable(path: String)
    /// The file could not be written, moved or removed; `reason` says why.
    case unwritable(path: String, reason: String)
    /// Another process held the file's lock for longer than the caller would wait.
    case busy(path: String)
    /// The file holds more than the `limit` bytes its reader takes.
    case tooLarge(path: String, limit: Int)

    /// The path and the problem in words for the user; never the content.
    public var description: String {
        switch self {
        case .absent(let path): "\(path) does not exist"
        case .notARegularFile(let path, let kind): "\(path.isEmpty ? "the path" : path) is \(kind.rawValue)"
        case .readableByOthers(let path, let mode):
            "\(path) can be read by others (mode \(String(mode, radix: 8)))"
        case .unreadable(let path): "\(path) cannot be read"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .busy(let path): "\(path) is being changed by another errorflow process; gave up waiting"
        case .tooLarge(let path, let limit): "\(path) holds more than \(limit) bytes"
        }
    }
}

/// POSIX `read`, named apart from the static `read` above.
private func posixRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

/// POSIX `write`, named apart from `Data`'s and `FileHandle`'s.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
