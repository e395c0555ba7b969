import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory remove-demo [--dry-run] [--allow-dirty]`: takes the demo out
/// of the package by deleting it. The demo lives in targets of its own, so nothing of the app changes.
///
/// What goes:
/// - the folders ``DemoRemoval/folders``: the demo's targets, its tests, its benchmark and this command;
/// - every file that says `Part of the demo: remove-demo deletes this file.` near its top (the demo's scripts, and
///   its scenario catalog `docs/scenarios.md`);
/// - in each manifest, the demo's section: from its `// MARK: - The demo` line to the next `// MARK: -` line;
/// - the mutants of `Scripts/mutants.tsv` whose file went, or all of whose tests did.
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
        print("remove-demo: done; now `swift build --build-tests && swift test`")
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

/// What the removal deletes, worked out before anything changes.
struct DemoRemoval {
    /// The folders that are the demo: its targets, its tests, its benchmark, and this command.
    static let folders = ["Demo", "Tests/DemoTests", "Benchmarks/Benchmarks/Tour", "Plugins/RemoveDemo"]
    /// The manifests whose demo section goes: this package's, and the benchmarks package's.
    static let manifests = ["Package.swift", "Benchmarks/Package.swift"]
    /// The line that opens a manifest's demo section; the section ends before the next `// MARK: -` line.
    static let sectionStart = "// MARK: - The demo"
    /// The phrase a demo-only file carries near its top.
    static let fileMarker = "Part of the demo: remove-demo deletes this file."
    /// Where such files can be.
    static let markedFileFolders = ["Scripts", "docs"]

    var deletions: [URL] = []
    var rewrites: [(URL, String)] = []
    var summary: [String] = []

    static func plan(in root: URL) throws -> DemoRemoval {
        var plan = DemoRemoval()
        let fileManager = FileManager.default
        for folder in folders where fileManager.fileExists(atPath: root.appendingPathComponent(folder).path) {
            plan.deletions.append(root.appendingPathComponent(folder))
        }
        for file in markedFiles(under: root) { plan.deletions.append(file) }
        for manifest in manifests {
            let url = root.appendingPathComponent(manifest)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let cut = try ManifestSection.removing(from: text, file: manifest)
            if cut != text { plan.rewrites.append((url, cut)) }
        }
        let mutants = root.appendingPathComponent("Scripts/mutants.tsv")
        if let list = try? String(contentsOf: mutants, encoding: .utf8) {
            let (kept, dropped) = MutantList.keep(list, root: root, deleted: plan.deletions)
            if dropped > 0 {
                plan.rewrites.append((mutants, kept))
                plan.summary.append("mutants: \(dropped) went with the demo")
            }
        }
        plan.summary.insert(
            contentsOf: plan.deletions.map { "delete \(relative($0, to: root))" }
                + plan.rewrites.map { "rewrite \(relative($0.0, to: root))" }, at: 0)
        return plan
    }

    func apply() throws {
        for url in deletions { try FileManager.default.removeItem(at: url) }
        for (url, text) in rewrites { try Data(text.utf8).write(to: url, options: .atomic) }
    }

    /// The files under ``markedFileFolders`` that say they are the demo's in their first three lines.
    private static func markedFiles(under root: URL) -> [URL] {
        var files: [URL] = []
        for folder in markedFileFolders {
            guard
                let walker = FileManager.default.enumerator(
                    at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                let top = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
                if top.contains(where: { $0.contains(fileMarker) }) { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL, to root: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}

/// A manifest's demo section.
enum ManifestSection {
    /// `text` without the lines from the one starting with ``DemoRemoval/sectionStart`` up to (not including) the
    /// next `// MARK: -` line, or to the end; `text` itself when it has no such section.
    static func removing(from text: String, file: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(DemoRemoval.sectionStart) }) else { return text }
        guard !lines[(start + 1)...].contains(where: { $0.hasPrefix(DemoRemoval.sectionStart) }) else {
            throw RemovalError("\(file) has more than one demo section")
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("// MARK: -") } ?? lines.endIndex
        lines.removeSubrange(start..<end)
        return lines.joined(separator: "\n")
    }
}

/// The mutation list, without the mutants whose file left with the demo, or whose tests all did.
enum MutantList {
    static func keep(_ list: String, root: URL, deleted: [URL]) -> (String, Int) {
        let deletedTestTargets = Set(
            deleted.filter { $0.deletingLastPathComponent().lastPathComponent == "Tests" }.map(\.lastPathComponent))
        var dropped = 0
        let lines = list.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard !line.hasPrefix("#"), fields.count >= 5 else { return true }
            let path = root.appendingPathComponent(String(fields[1])).path
            let fileGone = deleted.contains { path == $0.path || path.hasPrefix($0.path + "/") }
            let targets = testTargets(in: String(fields[4]))
            let testsGone = !targets.isEmpty && targets.isSubset(of: deletedTestTargets)
            if fileGone || testsGone { dropped += 1 }
            return !(fileGone || testsGone)
        }
        return (lines.joined(separator: "\n"), dropped)
    }

    /// The test targets a filter names: each `Name` written as `Name\.` (`AppTests\.CLITests|DemoTests\.TourTests`
    /// names AppTests and DemoTests).
    static func testTargets(in filter: String) -> Set<String> {
        var targets: Set<String> = []
        var name = ""
        var rest = filter[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
                continue
            }
            if character == "\\", rest.first == ".", !name.isEmpty { targets.insert(name) }
            name = ""
        }
        return targets
    }
}
