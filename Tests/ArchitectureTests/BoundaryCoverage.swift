import Foundation

/// Which layers must have a boundary table, and which tables a test really checks.
///
/// A layer that owns errors is a public type whose name ends in one of `roles` (a repository, a vendor facade or
/// service, a use case, a view model). Each needs a `### Boundary: Name` heading in `docs/boundaries.md` (or
/// `Name.method`, for a type with more than one boundary), and every heading needs a test that calls
/// `BoundaryTable("…")` with its name, so a table nobody checks cannot drift.
enum BoundaryCoverage {
    static let roles = ["Repository", "Service", "Facade", "UseCase", "ViewModel"]

    /// The public types of one source file that own a boundary.
    static func boundaryOwners(in source: String) -> [String] {
        var found: [String] = []
        for line in source.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.first == "public" || words.first == "package" else { continue }
            guard let kind = words.firstIndex(where: { ["struct", "class", "actor", "enum"].contains($0) }),
                kind + 1 < words.count
            else { continue }
            let name = String(words[kind + 1].prefix { $0.isLetter || $0.isNumber })
            if roles.contains(where: { name.hasSuffix($0) }) { found.append(name) }
        }
        return found
    }

    /// The names after `### Boundary: `, up to the layer in parentheses: `Router`, `RemoteTransferRepository.send`.
    static func documentedBoundaries(in markdown: String) -> [String] {
        markdown.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("### Boundary: ") else { return nil }
            let rest = String(line.dropFirst("### Boundary: ".count))
            return rest.components(separatedBy: " (").first?.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The names given to `BoundaryTable("…")` in one test file.
    static func checkedBoundaries(in source: String) -> [String] {
        source.components(separatedBy: "BoundaryTable(\"").dropFirst().compactMap { rest in
            rest.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }

    /// Each owner without a table, and each table no test checks.
    static func gaps(owners: [String], documented: [String], checked: Set<String>) -> [String] {
        let missingTables = owners.filter { owner in
            !documented.contains { $0 == owner || $0.hasPrefix(owner + ".") }
        }.map { "\($0) owns errors but docs/boundaries.md has no \"### Boundary: \($0)\" table" }
        let unchecked = documented.filter { !checked.contains($0) }
            .map { "the boundary table \($0) is checked by no test (BoundaryTable(\"\($0)\"))" }
        return missingTables + unchecked
    }

}
