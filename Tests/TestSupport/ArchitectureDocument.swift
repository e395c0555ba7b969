public import Foundation

/// Reads ARCHITECTURE.md's boundary tables, so tests compare each layer's real reactions with the documented ones.
///
/// A boundary table follows a heading `### Boundary: Name …` and has two columns: the errors reaching the layer
/// (several may share a row, separated by commas) and the reaction. Backticks are ignored.
public enum ArchitectureDocument {
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ARCHITECTURE.md")

    public enum ParseError: Error, Equatable {
        case missingBoundary(String)
        case duplicateEntry(String)
    }

    /// The documented reaction for each error of one boundary.
    public static func boundary(_ name: String) throws -> [String: String] {
        try boundary(name, in: String(contentsOf: url, encoding: .utf8))
    }

    public static func boundary(_ name: String, in markdown: String) throws(ParseError) -> [String: String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("### Boundary: \(name)") && isNameEnd($0, name) })
        else { throw .missingBoundary(name) }
        var table: [String: String] = [:]
        var seenTable = false
        for line in lines[(heading + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { break }
            guard trimmed.hasPrefix("|") else {
                if seenTable { break }
                continue
            }
            seenTable = true
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, !cells[0].allSatisfy({ $0 == "-" }), cells[0] != "error reaching it" else {
                continue
            }
            for entry in cells[0].components(separatedBy: ", ") {
                guard table[entry] == nil else { throw .duplicateEntry(entry) }
                table[entry] = cells[1]
            }
        }
        return table
    }

    private static func isNameEnd(_ line: String, _ name: String) -> Bool {
        let rest = line.dropFirst("### Boundary: \(name)".count)
        return rest.isEmpty || rest.first == " "
    }
}
