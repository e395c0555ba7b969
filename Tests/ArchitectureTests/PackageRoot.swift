import Foundation

/// The package's root folder, found from this file's location (`Tests/ArchitectureTests/PackageRoot.swift`).
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The `.swift` files under `folders`, as paths relative to the root, sorted.
    static func swiftFiles(under folders: [String]) -> [String] {
        var paths: [String] = []
        for folder in folders {
            let root = url.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in enumerator where relative.hasSuffix(".swift") {
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
    }
}
