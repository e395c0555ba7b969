import Foundation

/// The marks that once wove the demo through the app's files. The demo lives in targets of its own now, so no file
/// of the app holds one: no line ends in a `demo` comment, no block is fenced off for the demo, and no code waits in
/// a comment for the demo to go.
enum DemoMarks {
    /// The folders of the app's targets and of the package commands, scanned by ``DemoMarksTests`` with the
    /// manifest.
    static let appFolders = ["App", "Modules", "Tests", "Plugins"]

    /// Folders of the demo, which the scan leaves out.
    static let demoFolders = ["Tests/DemoTests/"]

    /// Each mark in `source`, as `path:line: the line`. The marks are spelled in pieces here, so that this file does
    /// not hold them.
    static func marks(path: String, source: String) -> [String] {
        let word = "demo"
        let fences = [word + ":begin", word + ":end", "without-" + word + ":"]
        let endings = ["// " + word, "# " + word, "<!-- " + word + " -->"]
        return source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let marked =
                fences.contains { trimmed.contains($0) } || endings.contains { trimmed.hasSuffix($0) }
            return marked ? "\(path):\(index + 1): \(trimmed)" : nil
        }
    }
}
