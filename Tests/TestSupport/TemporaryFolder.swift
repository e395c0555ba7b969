public import Foundation

/// A fresh folder under the system's temporary directory, made at once and removed with everything in it when the
/// value goes away: for one test's session files, homes and outputs.
public final class TemporaryFolder: Sendable {
    /// Where the folder is.
    public let url: URL

    /// Makes the folder.
    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `session.json` in the folder, not made yet.
    public var file: URL { url.appendingPathComponent("session.json") }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
