public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of a path, for tests that check a file was replaced, or left the kind it was.
public enum FileStatus {
    /// The inode of what is at `url`, without following a symbolic link; `nil` when nothing is there.
    public static func inode(of url: URL) -> UInt64? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return UInt64(status.st_ino)
    }

    /// The type bits (`S_IFMT`) of what is at `url`, following a symbolic link unless `following` is false; `nil`
    /// when nothing is there.
    public static func type(of url: URL, following: Bool = true) -> mode_t? {
        var status = stat()
        guard (following ? stat(url.path, &status) : lstat(url.path, &status)) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
