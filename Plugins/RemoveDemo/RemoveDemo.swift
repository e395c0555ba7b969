import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory remove-demo [--dry-run] [--allow-dirty]`: takes the demo out
/// of the package, leaving the app, its features and the tests that run against a loopback contract backend.
///
/// What goes, and how each part says so:
/// - the folders `Modules/DemoBackend` and `App/Demo`;
/// - every file that says `Part of the demo: remove-demo deletes this file.` in its first three lines;
/// - in the files that stay, the lines the demo marks: a line ending in a `demo` comment (`// demo`, `# demo`,
///   `<!-- demo -->`), and every line from a `demo:begin` comment to its `demo:end` comment;
/// - a `without-demo:` comment line becomes the code or text it carries (`// without-demo: nil` becomes `nil`);
/// - the mutants of `Scripts/mutants.tsv` whose line went with the demo.
///
/// It refuses to run over uncommitted changes (unless `--allow-dirty`), so the removal is one diff to review.
@main
struct RemoveDemo: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let dryRun = arguments.contains("--dry-run")
        let unknown = arguments.filter { !["--dry-run", "--allow-dirty"].contains($0) }
        guard unknown.isEmpty else {
            throw RemovalError("remove-demo takes --dry-run and --allow-dirty, not \(unknown.joined(separator: " "))")
        }
        if !arguments.contains("--allow-dirty"), let changes = try uncommittedChanges(in: root), !changes.isEmpty {
            throw RemovalError(
                "the package has uncommitted changes; commit or stash them first (or pass --allow-dirty):\n" + changes)
        }
        let plan = try DemoRemoval.plan(in: root)
        for line in plan.summary { print(line) }
        if dryRun {
            print("remove-demo: dry run, nothing changed")
            return
        }
        try plan.apply()
        format(plan.rewrites.map(\.0).filter { $0.pathExtension == "swift" }, in: root)
        print("remove-demo: done; now `swift build --build-tests && swift test`")
    }

    /// Runs `swift format` over the Swift files it rewrote, with the package's own settings, so that the lines
    /// around what went stay lint-clean; a toolchain without it leaves them as rewritten.
    private func format(_ files: [URL], in root: URL) {
        guard !files.isEmpty else { return }
        let format = Process()
        format.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        format.arguments = ["swift", "format", "--in-place"] + files.map(\.path)
        format.currentDirectoryURL = root
        guard (try? format.run()) != nil else {
            print("remove-demo: `swift format` did not run; format the rewritten files before the lint")
            return
        }
        format.waitUntilExit()
    }

    /// `git status --porcelain` of `root`, or `nil` when it is not a git checkout.
    private func uncommittedChanges(in root: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else { return nil }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "status", "--porcelain"]
        let output = Pipe()
        git.standardOutput = output
        try git.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A refusal, said in one line.
struct RemovalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What the removal deletes and rewrites, worked out before anything changes.
struct DemoRemoval {
    /// Folders that are the demo as a whole.
    static let folders = ["Modules/DemoBackend", "App/Demo"]
    /// The phrase a demo-only file carries near its top.
    static let fileMarker = "Part of the demo: remove-demo deletes this file."
    /// Where marked files can be: everything the package tracks that is text.
    static let extensions: Set = ["swift", "sh", "md", "toml", "yaml", "yml", "tsv", ""]
    static let skipped: Set = [".build", ".git", ".swiftpm", "Plugins"]

    var deletions: [URL] = []
    var rewrites: [(URL, String)] = []
    var summary: [String] = []

    static func plan(in root: URL) throws -> DemoRemoval {
        var plan = DemoRemoval()
        let fileManager = FileManager.default
        for folder in folders where fileManager.fileExists(atPath: root.appendingPathComponent(folder).path) {
            plan.deletions.append(root.appendingPathComponent(folder))
        }
        var rewritten: [String: String] = [:]
        for file in textFiles(under: root) where !plan.deletions.contains(where: { file.path.hasPrefix($0.path + "/") })
        {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            if text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
                .contains(where: { $0.contains(fileMarker) })
            {
                plan.deletions.append(file)
                continue
            }
            let stripped = try Markers.strip(text, file: relative(file, to: root))
            if stripped != text { rewritten[file.path] = stripped }
        }
        let mutants = root.appendingPathComponent("Scripts/mutants.tsv")
        if let list = rewritten[mutants.path] ?? (try? String(contentsOf: mutants, encoding: .utf8)) {
            let (kept, dropped) = MutantList.keep(list, root: root, deleted: plan.deletions, rewritten: rewritten)
            if dropped > 0 {
                rewritten[mutants.path] = kept
                plan.summary.append("mutants: \(dropped) went with the demo")
            }
        }
        plan.rewrites = rewritten.keys.sorted().map { (URL(fileURLWithPath: $0), rewritten[$0] ?? "") }
        plan.summary.insert(
            contentsOf: plan.deletions.map { "delete \(relative($0, to: root))" }
                + plan.rewrites.map { "rewrite \(relative($0.0, to: root))" }, at: 0)
        return plan
    }

    func apply() throws {
        for url in deletions { try FileManager.default.removeItem(at: url) }
        for (url, text) in rewrites { try Data(text.utf8).write(to: url, options: .atomic) }
    }

    private static func textFiles(under root: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build") {
                walker.skipDescendants()
                continue
            }
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if isFile, extensions.contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL, to root: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}

/// The demo's marks inside a file that stays.
enum Markers {
    /// `text` without the lines the demo marks, and with each `without-demo:` line turned into what it carries.
    static func strip(_ text: String, file: String) throws -> String {
        var kept: [Substring] = []
        var skipping = false
        var opened = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            switch comment(in: trimmed) {
            case "demo:begin":
                guard !skipping else { throw RemovalError("\(file):\(index + 1): demo:begin inside another") }
                skipping = true
                opened = index + 1
            case "demo:end":
                guard skipping else { throw RemovalError("\(file):\(index + 1): demo:end without demo:begin") }
                skipping = false
            default:
                if skipping || endsWithDemoMark(trimmed) { continue }
                if let code = replacement(in: line) {
                    kept.append(Substring(code))
                } else {
                    kept.append(line)
                }
            }
        }
        guard !skipping else { throw RemovalError("\(file):\(opened): demo:begin is never ended") }
        return kept.joined(separator: "\n")
    }

    /// The text of a line that is only a comment (`// x`, `# x`, `%% x`, `<!-- x -->`), or `nil`.
    static func comment(in trimmed: String) -> String? {
        for opener in ["//", "#", "%%"] where trimmed.hasPrefix(opener) {
            return trimmed.dropFirst(opener.count).trimmingCharacters(in: .whitespaces)
        }
        if trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") {
            return trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Whether the line ends with a `demo` comment of its own: code followed by `// demo`, `# demo` or
    /// `<!-- demo -->`.
    static func endsWithDemoMark(_ trimmed: String) -> Bool {
        trimmed.hasSuffix("// demo") || trimmed.hasSuffix(" # demo") || trimmed.hasSuffix("<!-- demo -->")
            || trimmed == "# demo"
    }

    /// For a `without-demo:` comment line, the line it becomes, indented as the comment was.
    static func replacement(in line: Substring) -> String? {
        let indent = line.prefix { $0 == " " }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let body = comment(in: trimmed), body.hasPrefix("without-demo:") else { return nil }
        return indent + body.dropFirst("without-demo:".count).trimmingCharacters(in: .whitespaces)
    }
}

/// The mutation list, without the mutants whose line left with the demo.
enum MutantList {
    static func keep(_ list: String, root: URL, deleted: [URL], rewritten: [String: String]) -> (String, Int) {
        var dropped = 0
        let lines = list.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard !line.hasPrefix("#"), fields.count >= 3 else { return true }
            let path = root.appendingPathComponent(String(fields[1])).path
            let gone = deleted.contains { path == $0.path || path.hasPrefix($0.path + "/") }
            let text = rewritten[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let keep = !gone && text.components(separatedBy: String(fields[2])).count == 2
            if !keep { dropped += 1 }
            return keep
        }
        return (lines.joined(separator: "\n"), dropped)
    }
}
