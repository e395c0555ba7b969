import Foundation

/// The boundary tables of `docs/boundaries.md`, read from the document as it was when this binary was built (the App
/// target embeds it), so what `explain` says of a boundary is the table the boundary tests hold the code to.
///
/// A table follows a heading `### Boundary: Name (layer, module)` and has three columns: the errors reaching the
/// layer (several may share a row, separated by `, `), their category, and the layer's reaction. Backticks are
/// ignored, as the boundary tests ignore them.
struct BoundaryDocument: Sendable {
    /// One row of one table.
    struct Row: Hashable, Sendable, Encodable {
        /// The boundary, as its heading names it after `Boundary: `: `SendTransferUseCase (Domain)`.
        var boundary: String
        /// The errors (or inputs) reaching the layer that the row names.
        var errors: [String]
        /// The category column: `unhandleable`, `default`, `ignorable`, `recoverable` or `—`.
        var category: String
        /// The layer's reaction, in the tables' words: `mapped → TransferError.unknown(UnknownBusinessError)`.
        var reaction: String
    }

    /// Every row of every table, in the document's order.
    let rows: [Row]

    /// The tables of the document embedded in this binary.
    static let embedded = BoundaryDocument(markdown: String(decoding: PackageResources.boundaries_md, as: UTF8.self))

    /// Reads every table of `markdown`; a row without three columns is left out.
    init(markdown: String) {
        var rows: [Row] = []
        var boundary: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                boundary = trimmed.hasPrefix("### Boundary: ") ? String(trimmed.dropFirst("### Boundary: ".count)) : nil
                continue
            }
            guard let boundary, trimmed.hasPrefix("|") else { continue }
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, !cells[0].allSatisfy({ $0 == "-" }), cells[0] != "error reaching it" else {
                continue
            }
            rows.append(
                Row(
                    boundary: boundary, errors: cells[0].components(separatedBy: ", "), category: cells[1],
                    reaction: cells[2]))
        }
        self.rows = rows
    }

    /// The rows where `type.caseName` reaches a layer, each with only the entries of that case.
    func rows(reaching type: String, case caseName: String) -> [Row] {
        rows.compactMap { row in
            let named = row.errors.filter { Self.names($0, type: type, case: caseName) }
            guard !named.isEmpty else { return nil }
            var row = row
            row.errors = named
            return row
        }
    }

    /// The rows whose reaction turns something into `type.caseName`: the boundaries that produce it.
    func rows(producing type: String, case caseName: String) -> [Row] {
        rows.filter { row in
            row.reaction.components(separatedBy: "→ ").dropFirst().contains {
                Self.names($0, type: type, case: caseName)
            }
        }
    }

    /// Whether `text` begins with `type.caseName` and the name ends there (`TransferError.unknown(…)` names
    /// `TransferError.unknown`; `TransferError.unknownish` does not).
    static func names(_ text: String, type: String, case caseName: String) -> Bool {
        let prefix = "\(type).\(caseName)"
        guard text.hasPrefix(prefix) else { return false }
        guard let next = text.dropFirst(prefix.count).first else { return true }
        return !(next.isLetter || next.isNumber || next == "_")
    }
}
