import Foundation

/// Runs the toolchain's `swift-symbolgraph-extract` on the modules built next to the running test binary.
///
/// `swift build --build-tests` puts every module's `.swiftmodule` in `<scratch>/<triple>/debug/Modules/`, and the
/// test binary in `<scratch>/<triple>/debug/`. Starting from the binary, never from `.build`, makes the check read
/// the modules of the build under test, including the thread-sanitizer build in `.build-tsan`.
struct SymbolGraphExtractor {
    /// The folder holding the test binary and the `*.build` folders.
    var buildFolder: URL
    /// The folder holding the `.swiftmodule` files.
    var modulesFolder: URL
    /// The module maps of the C modules the Swift modules import (NIO's, for instance), which the tool must be given
    /// as the build gave them to the compiler.
    var moduleMaps: [URL]
    var tool: URL

    enum ExtractError: Error, CustomStringConvertible {
        case buildFolderNotFound(searched: [String])
        case moduleNotBuilt(String, folder: String)
        case toolNotFound
        case failed(module: String, status: Int32, output: String)

        var description: String {
            switch self {
            case .buildFolderNotFound(let searched):
                "no built modules next to the test binary; searched \(searched.joined(separator: ", "))"
            case .moduleNotBuilt(let module, let folder):
                "\(module).swiftmodule is not in \(folder); run `swift build --build-tests` first"
            case .toolNotFound: "swift-symbolgraph-extract is neither on PATH nor next to `swift`"
            case .failed(let module, let status, let output):
                "swift-symbolgraph-extract exited \(status) on \(module): \(output)"
            }
        }
    }

    /// The extractor for the build the running tests belong to.
    static func forRunningTests() throws -> SymbolGraphExtractor {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // On Linux the test binary sits in the build folder; under macOS's xctest, the bundle does.
        let candidates =
            [binary.deletingLastPathComponent()]
            + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        guard let buildFolder = candidates.first(where: { modulesFolder(in: $0) != nil }),
            let modulesFolder = modulesFolder(in: buildFolder)
        else { throw ExtractError.buildFolderNotFound(searched: candidates.map(\.path)) }
        return SymbolGraphExtractor(
            buildFolder: buildFolder, modulesFolder: modulesFolder, moduleMaps: moduleMaps(of: buildFolder),
            tool: try findTool())
    }

    /// The symbol graphs of `module`: the main file and one `Module@Other` file per other module it extends. The
    /// tool runs off the test threads.
    func graphs(of module: String) async throws -> [SymbolGraph] {
        try await offThePool { try graphsWaiting(of: module) }
    }

    private func graphsWaiting(of module: String) throws -> [SymbolGraph] {
        let manager = FileManager.default
        guard manager.fileExists(atPath: modulesFolder.appendingPathComponent("\(module).swiftmodule").path) else {
            throw ExtractError.moduleNotBuilt(module, folder: modulesFolder.path)
        }
        let output = manager.temporaryDirectory.appendingPathComponent("errorflow-symbols-\(UUID().uuidString)")
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: output) }
        // Errors go to a file, not a pipe: a failed module load prints pages, and a full pipe would block the tool.
        let errors = output.appendingPathComponent("stderr.txt")
        _ = manager.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = tool
        process.arguments =
            [
                "-module-name", module, "-I", modulesFolder.path, "-output-dir", output.path,
                "-minimum-access-level", "package", "-include-spi-symbols", "-skip-synthesized-members",
            ] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw ExtractError.failed(
                module: module, status: process.terminationStatus, output: String(text.prefix(2000)))
        }
        let files = try manager.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".symbols.json") }
        return try files.sorted().map { file in
            try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
        }
    }

    /// `folder/Modules` (SwiftPM 5.9 and later), or `folder` itself when it holds the `.swiftmodule` files.
    private static func modulesFolder(in folder: URL) -> URL? {
        let manager = FileManager.default
        for candidate in [folder.appendingPathComponent("Modules"), folder] {
            let names = (try? manager.contentsOfDirectory(atPath: candidate.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".swiftmodule") }) { return candidate }
        }
        return nil
    }

    /// The maps SwiftPM generated (`<Target>.build/module.modulemap`) and those the dependencies ship (under the
    /// scratch folder's `checkouts`, found by walking up from the build folder).
    private static func moduleMaps(of buildFolder: URL) -> [URL] {
        let manager = FileManager.default
        var maps: [URL] = []
        for name in (try? manager.contentsOfDirectory(atPath: buildFolder.path)) ?? [] where name.hasSuffix(".build") {
            let map = buildFolder.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            if manager.fileExists(atPath: map.path) { maps.append(map) }
        }
        var folder = buildFolder
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            let checkouts = folder.appendingPathComponent("checkouts")
            guard manager.fileExists(atPath: checkouts.path) else { continue }
            let enumerator = manager.enumerator(atPath: checkouts.path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix("/module.modulemap") { maps.append(checkouts.appendingPathComponent(relative)) }
            }
            break
        }
        return maps.sorted { $0.path < $1.path }
    }

    /// `swift-symbolgraph-extract` from PATH, or next to the real `swift` (PATH may hold a symlink to it).
    private static func findTool() throws -> URL {
        let manager = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for folder in folders {
            let tool = folder.appendingPathComponent("swift-symbolgraph-extract")
            if manager.isExecutableFile(atPath: tool.path) { return tool }
        }
        for folder in folders {
            let swift = folder.appendingPathComponent("swift")
            guard manager.isExecutableFile(atPath: swift.path) else { continue }
            let tool = swift.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("swift-symbolgraph-extract")
            if manager.isExecutableFile(atPath: tool.path) { return tool }
        }
        throw ExtractError.toolNotFound
    }
}
