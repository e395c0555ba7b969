import Foundation

/// The allowed-edges table (`docs/allowed-edges.md`): every target and exactly the dependencies it may have.
struct AllowedEdges: Equatable {
    var dependencies: [String: Set<String>]

    enum ParseError: Error, Equatable {
        case sectionMissing
        case malformedRow(String)
        case duplicateTarget(String)
    }

    /// Reads every table of the section headed `# Allowed edges` (a file of its own) or `## Allowed edges`, up to
    /// the next heading of either level; `—` marks a target with no dependencies. A target may have a row in several
    /// tables (the app's, then the demo's), and may depend on what any of its rows lists.
    static func parse(markdown: String) throws(ParseError) -> AllowedEdges {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = ["# Allowed edges", "## Allowed edges"]
        guard let heading = lines.firstIndex(where: { headings.contains($0.trimmingCharacters(in: .whitespaces)) })
        else { throw .sectionMissing }

        var table: [String: Set<String>] = [:]
        var inThisTable: Set<String> = []
        for line in lines[(heading + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("# ") || trimmed.hasPrefix("## ") { break }
            guard trimmed.hasPrefix("|") else {
                inThisTable = []
                continue
            }
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .dropFirst().dropLast()
            guard cells.count == 2 else { throw .malformedRow(trimmed) }
            let target = cells[cells.startIndex]
            let list = cells[cells.startIndex + 1]
            if target == "target" || target.allSatisfy({ $0 == "-" }) { continue }
            guard inThisTable.insert(target).inserted else { throw .duplicateTarget(target) }
            table[target, default: []].formUnion(
                list == "—" ? [] : list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        guard !table.isEmpty else { throw .sectionMissing }
        return AllowedEdges(dependencies: table)
    }
}

extension AllowedEdges {
    /// The app's document, which holds its rows.
    static let appDocument = "docs/allowed-edges.md"
    /// The demo's own document, which holds its rows; it goes with the demo.
    static let demoDocument = "Demo/README.md"

    /// The app's tables, and while the demo is in the package (its `Demo` folder), the demo's: a target's
    /// rows in both add up.
    static func documented() throws -> AllowedEdges {
        var edges = try parse(markdown: PackageRoot.read(appDocument))
        if FileManager.default.fileExists(atPath: PackageRoot.url.appendingPathComponent("Demo").path) {
            let demo = try parse(markdown: PackageRoot.read(demoDocument))
            edges.dependencies.merge(demo.dependencies) { $0.union($1) }
        }
        return edges
    }
}

/// One way the package and the table disagree.
enum GraphDifference: Equatable, CustomStringConvertible {
    case targetMissingFromTable(String)
    case targetMissingFromPackage(String)
    case forbiddenEdge(from: String, to: String)
    case documentedEdgeMissing(from: String, to: String)

    var description: String {
        switch self {
        case .targetMissingFromTable(let target):
            "\(target) is in Package.swift but has no row in \(AllowedEdges.appDocument) (the demo's: in its README)"
        case .targetMissingFromPackage(let target): "\(target) is in the allowed edges but not in Package.swift"
        case .forbiddenEdge(let from, let to): "\(from) depends on \(to), which the allowed edges do not allow"
        case .documentedEdgeMissing(let from, let to): "the allowed edges list \(from) → \(to), Package.swift does not"
        }
    }
}

extension AllowedEdges {
    /// Every difference between the package's real graph and this table, in a stable order.
    func differences(from actual: [String: Set<String>]) -> [GraphDifference] {
        var differences: [GraphDifference] = []
        for target in Set(actual.keys).union(dependencies.keys).sorted() {
            guard let real = actual[target] else {
                differences.append(.targetMissingFromPackage(target))
                continue
            }
            guard let allowed = dependencies[target] else {
                differences.append(.targetMissingFromTable(target))
                continue
            }
            differences += real.subtracting(allowed).sorted().map { .forbiddenEdge(from: target, to: $0) }
            differences += allowed.subtracting(real).sorted().map { .documentedEdgeMissing(from: target, to: $0) }
        }
        return differences
    }
}
