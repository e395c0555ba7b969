import Foundation
import PrivateFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `--output` writes, decided by what is at the path: the CLI writes where the user points, or refuses, and
/// never replaces or removes anything but a regular file.
///
/// - Nothing, or a regular file: replaced atomically (a new file renamed over it), so a reader sees the old page or
///   the new one.
/// - A FIFO or a character device (`/dev/stdout`, `/dev/tty`, `/dev/null`): written through, as a shell redirection
///   would; a FIFO with no reader waits for one.
/// - A symbolic link: followed. Its target is written as above, in place when it is a regular file, so the link
///   stays a link and `/dev/stdout` stays the process's stdout. A link to nothing is refused.
/// - A directory, a block device or a socket: refused.
struct OutputDestination {
    enum Failure: Error {
        /// Not a place for a report (exit 2).
        case refused(String)
        /// The write itself failed (exit 1).
        case failed(String)
    }

    private enum Way {
        case replaceAtomically
        case writeThrough
    }

    let url: URL
    private let way: Way

    /// Whether the output went to a file the user will look for (and is told about), rather than a stream.
    var isFile: Bool { way == .replaceAtomically }

    init(_ url: URL) throws(Failure) {
        self.url = url
        switch PrivateFile.kind(at: url) {
        case .absent, .regularFile:
            way = .replaceAtomically
        case .fifo:
            way = .writeThrough
        case .device:
            var status = stat()
            guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else {
                throw .refused("is a block device; give a file")
            }
            way = .writeThrough
        case .symbolicLink:
            var status = stat()
            guard stat(url.path, &status) == 0 else { throw .refused("is a symbolic link to nothing; give a file") }
            switch status.st_mode & S_IFMT {
            case S_IFREG, S_IFIFO, S_IFCHR: way = .writeThrough
            case S_IFDIR: throw .refused("is a symbolic link to a folder; give a file name")
            default: throw .refused("is a symbolic link to something that is not a file; give a file")
            }
        case .directory:
            throw .refused("is a folder; give a file name")
        case .empty:
            throw .refused("is an empty path; give a file name")
        case .socket, .unknown:
            throw .refused("is not a file; give a file")
        }
    }

    func write(_ data: Data) throws(Failure) {
        switch way {
        case .replaceAtomically:
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw .failed(error.localizedDescription)
            }
        case .writeThrough:
            try writeThrough(data)
        }
    }

    /// Opens what the path names (following a link) without creating or replacing anything, and writes to it: a
    /// regular file behind a link is truncated first, as `>` would.
    private func writeThrough(_ data: Data) throws(Failure) {
        var status = stat()
        let isRegular = stat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        let descriptor = open(url.path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (isRegular ? O_TRUNC : 0))
        guard descriptor >= 0 else { throw .failed(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let failure = Console.writeAll(data, to: descriptor) { throw .failed(String(cString: strerror(failure))) }
    }
}
