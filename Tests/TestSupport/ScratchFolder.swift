public import Foundation

/// A fresh folder path under the system's temporary directory, removed when the value goes away.
public final class ScratchFolder: Sendable {
    /// The folder's path; nothing is made there until a test writes.
    public let url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-net-\(UUID().uuidString)")

    /// Makes a path no test has used.
    public init() {}

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Writes a file with mode 0600, as a private file would be.
public enum PrivateFileFixture {
    /// Writes `text` to `url`, readable and writable by its owner only.
    public static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
