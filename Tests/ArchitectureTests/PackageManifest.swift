import Foundation

/// The package's real target graph, read from `swift package dump-package`.
struct PackageManifest {
    struct Target {
        var name: String
        var type: String
        var path: String?
        var dependencies: Set<String>
    }

    var targets: [Target]

    var graph: [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0.dependencies) })
    }

    enum LoadError: Error, CustomStringConvertible {
        case commandFailed(status: Int32, output: String)
        case unexpectedJSON

        var description: String {
            switch self {
            case .commandFailed(let status, let output): "dump-package exited \(status): \(output)"
            case .unexpectedJSON: "dump-package printed JSON of an unexpected shape"
            }
        }
    }

    /// This package's manifest, read once for every test that needs it.
    static let current = Task { try await load(packageRoot: PackageRoot.url) }

    /// Runs `swift package dump-package` (off the test threads) with its own scratch path: inside `swift test` the
    /// default `.build` is locked by the running build, and the command would wait for it forever.
    static func load(packageRoot: URL) async throws -> PackageManifest {
        try await offThePool { try loadWaiting(packageRoot: packageRoot) }
    }

    private static func loadWaiting(packageRoot: URL) throws -> PackageManifest {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("errorflow-dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LoadError.commandFailed(status: process.terminationStatus, output: errorText)
        }
        return try parse(data)
    }

    static func parse(_ data: Data) throws -> PackageManifest {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = root["targets"] as? [[String: Any]]
        else { throw LoadError.unexpectedJSON }
        return PackageManifest(
            targets: try targets.map { target in
                guard let name = target["name"] as? String, let type = target["type"] as? String,
                    let dependencies = target["dependencies"] as? [[String: Any]]
                else { throw LoadError.unexpectedJSON }
                return Target(
                    name: name,
                    type: type,
                    path: target["path"] as? String,
                    dependencies: Set(try dependencies.map(dependencyName))
                )
            })
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or `{"product": [name, package, …]}`.
    private static func dependencyName(_ dependency: [String: Any]) throws -> String {
        for kind in ["byName", "target", "product"] {
            if let values = dependency[kind] as? [Any], let name = values.first as? String {
                return name
            }
        }
        throw LoadError.unexpectedJSON
    }
}
