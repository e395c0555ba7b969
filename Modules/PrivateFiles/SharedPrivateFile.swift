public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a change of a shared private file does with it, decided from what the file holds now.
public enum FileChange: Hashable, Sendable {
    /// Leave the file as it is.
    case keep
    /// Replace the content atomically (mode 0600).
    case write(Data)
    /// Remove the file.
    case remove
}

extension PrivateFile {
    /// Changes a private file that other processes may change too: under the file's advisory lock (`<name>.lock`
    /// beside it), `decide` is handed what the file holds at that moment, and its ``FileChange`` is applied before
    /// the lock is let go. Two processes that change the same file this way never lose each other's change.
    ///
    /// - The lock is tried, never waited for on a thread: while another holder has it, this task sleeps a little
    ///   and tries again, for at most `patience`, then fails with ``PrivateFileError/busy(path:)``. A cancelled
    ///   task stops trying at once.
    /// - `decide` runs while the lock is held, so it must not wait for anything (no network call): it is
    ///   synchronous on purpose.
    /// - With no folder yet, nothing can be there: `decide` sees `.absent`, and the folders (0700) and the lock
    ///   file are made only when it wants to write; `decide` then runs once more under the lock.
    /// - The lock file stays once made (removing it would let a waiter lock a file nobody else sees).
    public static func change<Value>(
        _ url: URL, patience: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
        _ decide: (Result<Data, PrivateFileError>) -> (FileChange, Value)
    ) async throws(PrivateFileError) -> Value {
        if kind(at: url.deletingLastPathComponent()) == .absent {
            let (change, value) = decide(.failure(.absent(path: url.path)))
            guard case .write = change else { return value }
            _ = try createMissingFolders(above: url)
        }
        let lock = try await FileLock.acquire(for: url, patience: patience)
        defer { lock.release() }
        let (change, value) = decide(read(url))
        switch change {
        case .keep: break
        case .write(let data): try write(data, to: url)
        case .remove: try remove(url)
        }
        return value
    }

    /// Moves a file the app cannot use out of the way, so that nothing it holds is lost when the app starts anew:
    /// it becomes `<name>.unreadable-<UTC time>` beside it, with mode 0600. Returns where it went.
    ///
    /// Call it while holding the file's lock (inside ``change(_:patience:_:)``), so no other process writes the
    /// file in between.
    public static func moveAside(_ url: URL, at time: Date = Date()) throws(PrivateFileError) -> URL {
        guard kind(at: url) == .regularFile else { throw .notARegularFile(path: url.path, kind: kind(at: url)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var aside = url.deletingLastPathComponent().appendingPathComponent(
            "\(url.lastPathComponent).unreadable-\(formatter.string(from: time))")
        var suffix = 1
        while kind(at: aside) != .absent {
            suffix += 1
            aside = url.deletingLastPathComponent().appendingPathComponent(
                "\(url.lastPathComponent).unreadable-\(formatter.string(from: time))-\(suffix)")
        }
        guard rename(url.path, aside.path) == 0 else {
            throw .unwritable(path: url.path, reason: PrivateFile.lastError())
        }
        chmod(aside.path, 0o600)
        return aside
    }
}

/// What a path held when it was looked at: its identity, size, mode and modification time. An atomic replace makes
/// a new file, so a change of content always changes the stamp; reading again only when it changed is safe.
public struct FileStamp: Hashable, Sendable {
    private struct Fields: Hashable, Sendable {
        var device, inode, size, mode, seconds, nanoseconds: Int
    }

    /// `nil` when nothing was at the path.
    private let fields: Fields?

    /// The stamp of what is at `url` now.
    public init(of url: URL) {
        self.init(atPath: url.path.utf8CString)
    }

    /// The stamp of what is at `path` (a C string, as `String.utf8CString` makes it) now: one `stat`, nothing
    /// allocated, so a caller that stamps often makes the C string once.
    public init(atPath path: ContiguousArray<CChar>) {
        var status = stat()
        let found = path.withUnsafeBufferPointer { path in path.baseAddress.map { stat($0, &status) == 0 } ?? false }
        guard found else {
            fields = nil
            return
        }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        fields = Fields(
            device: Int(status.st_dev), inode: Int(status.st_ino), size: Int(status.st_size),
            mode: Int(status.st_mode), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }

    /// Whether nothing was at the path when it was looked at.
    public var foundNothing: Bool { fields == nil }
}

/// An advisory lock (`flock`) on the lock file beside a private file. Held by one open descriptor; the kernel lets
/// it go when the descriptor closes, and also when the process dies, so a killed run never leaves it held.
struct FileLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The lock file of `url`: `<name>.lock` in the same folder.
    static func lockFile(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    /// Takes the lock, trying again after short sleeps while another holder has it.
    static func acquire(
        for url: URL, patience: Duration, isolation: isolated (any Actor)? = #isolation
    ) async throws(PrivateFileError) -> FileLock {
        let lockURL = lockFile(for: url)
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unwritable(
                path: url.path, reason: "cannot open the lock file \(lockURL.path): \(PrivateFile.lastError())")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unwritable(path: url.path, reason: "the lock file \(lockURL.path) is not a regular file")
        }
        let clock = ContinuousClock()
        let giveUp = clock.now + patience
        var pause = Duration.milliseconds(1)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(descriptor)
                throw .unwritable(
                    path: url.path, reason: "cannot lock \(lockURL.path): \(String(cString: strerror(reason)))")
            }
            guard clock.now < giveUp, (try? await Task.sleep(for: pause)) != nil else {
                close(descriptor)
                throw .busy(path: url.path)
            }
            pause = min(pause * 2, .milliseconds(50))
        }
        return FileLock(descriptor: descriptor)
    }

    /// Lets the lock go.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// What a shared private file held, as ``PrivateFile/decodeOrMoveAside(_:at:decode:)`` found it.
public enum SharedFileContent<Content> {
    /// Nothing is there yet.
    case absent
    /// Content the app can use.
    case usable(Content)
    /// The file could not be used (`problem`), and was moved to `aside` so that nothing in it is lost.
    case movedAside(problem: String, aside: URL)
    /// The path cannot hold the file at all (a directory, a FIFO), or the file could not be moved aside: leave it
    /// as it is.
    case unusable(problem: String)
}

extension PrivateFile {
    /// The content of a file read under its lock, decoded; a file the app cannot use (another format, corrupt, one
    /// others can read, one it cannot read) is moved aside (``moveAside(_:at:)``), never written over.
    public static func decodeOrMoveAside<Content>(
        _ read: Result<Data, PrivateFileError>, at url: URL, decode: (Data) -> Content?
    ) -> SharedFileContent<Content> {
        let problem: String
        switch read {
        case .success(let data):
            if let content = decode(data) { return .usable(content) }
            problem = "is not one this app version can read"
        case .failure(.absent):
            return .absent
        case .failure(.readableByOthers(_, let mode)):
            problem = "can be read by others (mode \(String(mode, radix: 8)))"
        case .failure(.unreadable):
            problem = "cannot be read"
        case .failure(let other):
            return .unusable(problem: "\(other)")
        }
        do throws(PrivateFileError) {
            return .movedAside(problem: problem, aside: try moveAside(url))
        } catch {
            return .unusable(problem: "\(url.path) \(problem) and cannot be moved aside (\(error))")
        }
    }
}
