import Foundation
import Logging
public import SharedError
public import Testing

/// One boundary table of `docs/boundaries.md`, and the check that a layer's real reactions match it.
///
/// A table follows a heading `### Boundary: Name …` and has three columns: the errors reaching the layer (several
/// may share a row, separated by `, `), their category, and the layer's reaction in the words ``Reaction`` uses.
/// Backticks are ignored. A feature's boundary test writes its inputs and runs them through the real layer; this
/// type does the rest: the documented row, the category the error declares, the category the journey step
/// carries, and that the reaction agrees with ``ErrorPolicy``.
public struct BoundaryTable: Sendable {
    /// One documented row: the category and the reaction, as written in the table.
    public struct Row: Hashable, Sendable {
        /// The category column, for example `unhandleable`.
        public var category: String
        /// The reaction column, in ``Reaction``'s words.
        public var reaction: String
    }

    /// Why a table could not be read.
    public enum ParseError: Error, Equatable {
        /// No `### Boundary: <name>` heading in the document.
        case missingBoundary(String)
        /// Two rows name the same error.
        case duplicateEntry(String)
        /// A table row without exactly three columns.
        case malformedRow(String)
    }

    /// The boundary's name, as in its heading.
    public let name: String
    /// The rows by the error they name; an error a row lists with others has an entry of its own.
    public let rows: [String: Row]

    /// The table named `name` in `docs/boundaries.md`.
    public init(_ name: String) throws {
        try self.init(name, markdown: String(contentsOf: ArchitectureDocument.boundaries, encoding: .utf8))
    }

    /// Reads the table named `name` from `markdown`. Throws ``ParseError`` when the heading is missing, a row is
    /// malformed or names an error twice.
    public init(_ name: String, markdown: String) throws(ParseError) {
        self.name = name
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { Self.isHeading($0, of: name) }) else {
            throw .missingBoundary(name)
        }
        var rows: [String: Row] = [:]
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
            guard cells.count == 3 else { throw .malformedRow(trimmed) }
            guard !cells[0].allSatisfy({ $0 == "-" }), cells[0] != "error reaching it" else { continue }
            for entry in cells[0].components(separatedBy: ", ") {
                guard rows[entry] == nil else { throw .duplicateEntry(entry) }
                rows[entry] = Row(category: cells[1], reaction: cells[2])
            }
        }
        self.rows = rows
    }

    /// Checks one input: its row, its category as the error declares it and as the journey step carries it, the
    /// reaction, and the reaction's agreement with the category. `category` is `nil` for an input that is no error
    /// (a value, a body's status): the step's category is checked instead.
    public func check(
        _ input: String, category: ErrorCategory?, reaction: Reaction,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let suggestion = "| `\(input)` | \(Self.cell(category ?? reaction.stepCategory)) | \(reaction) |"
        guard let row = rows[input] else {
            Issue.record("\(name) has no row for \(input); observed: \(suggestion)", sourceLocation: sourceLocation)
            return
        }
        #expect(
            row.reaction == reaction.description, "\(name), \(input): observed \(suggestion)",
            sourceLocation: sourceLocation)
        #expect(
            row.category == Self.cell(category ?? reaction.stepCategory), "\(name), \(input): category",
            sourceLocation: sourceLocation)
        if let category, let stepCategory = reaction.stepCategory {
            #expect(
                stepCategory == category, "\(name), \(input): the journey step carries the error's category",
                sourceLocation: sourceLocation)
        }
        if let category = category ?? reaction.stepCategory {
            for action in reaction.actions {
                #expect(
                    ErrorPolicy.agrees(action, on: category, result: reaction.resultCategory),
                    "\(name), \(input): \(action.rawValue) to a \(reaction.resultCategory?.rawValue ?? "value") disagrees with the category \(category.rawValue) (ErrorPolicy)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The table names exactly `inputs`: no row for an input that does not exist, none missing.
    public func checkNamesExactly(_ inputs: some Sequence<String>, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Set(inputs)
        #expect(
            Set(rows.keys) == expected,
            "\(name): rows for nothing \(Set(rows.keys).subtracting(expected).sorted()), missing \(expected.subtracting(rows.keys).sorted())",
            sourceLocation: sourceLocation)
    }

    private static func cell(_ category: ErrorCategory?) -> String {
        category?.rawValue ?? "—"
    }

    private static func isHeading(_ line: String, of name: String) -> Bool {
        guard line.hasPrefix("### Boundary: \(name)") else { return false }
        let rest = line.dropFirst("### Boundary: \(name)".count)
        return rest.isEmpty || rest.first == " "
    }
}

/// What a layer did with one error, in the words the boundary tables use: read back from the journey steps the
/// layer recorded (`mapped → WalletRepositoryError.banned`, `omitted at info`, `presented → inline: …`,
/// `ignored`), or, where the layer recorded nothing, what it returned or that it passed the error on unchanged.
public struct Reaction: Sendable, CustomStringConvertible {
    /// The actions, one per step the layer recorded (`forwarded` for an error passed on unchanged).
    public var actions: [JourneyAction]
    /// The category the journey step carried, if one was recorded.
    public var stepCategory: ErrorCategory?
    /// The category of the error the layer turned it into, if it turned it into one.
    public var resultCategory: ErrorCategory?
    /// The reaction in the tables' words, for example `mapped → WalletRepositoryError.banned`.
    public var description: String

    /// The steps `layer` recorded in `probe`, with the category of the error it threw (if it threw one).
    public static func recorded(
        by layer: JourneyLayer, in probe: JourneyProbe, result: (any CategorizedError)? = nil,
        flow: JourneyFlowID? = nil
    ) -> Reaction {
        let entries = probe.entries(in: flow).filter { $0.event.layer == layer }
        guard !entries.isEmpty else { return .passedOn(result: result) }
        return Reaction(
            actions: entries.map(\.event.action), stepCategory: entries.first?.event.category,
            resultCategory: result?.category,
            description: entries.map(describe).joined(separator: "; "))
    }

    /// The layer recorded nothing and threw the error on as it was (or as its own error of the same meaning).
    public static func passedOn(result: (any CategorizedError)? = nil) -> Reaction {
        Reaction(actions: [.forwarded], stepCategory: nil, resultCategory: result?.category, description: "passed on")
    }

    /// The layer answered with a value, not an error.
    public static func value(_ text: String) -> Reaction {
        Reaction(actions: [], stepCategory: nil, resultCategory: nil, description: text)
    }

    private static func describe(_ entry: JourneyEntry) -> String {
        let event = entry.event
        var text = event.action.rawValue
        if let target = event.to { text += " → \(target)" }
        if [.omitted, .logged].contains(event.action) { text += " at \(entry.level)" }
        return text
    }
}
