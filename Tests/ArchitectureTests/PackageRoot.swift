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
}
