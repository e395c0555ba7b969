import Foundation
import Testing

/// `docs/error-ownership.md` names every error type the modules declare in public, so the table a newcomer reads to
/// learn where an error belongs cannot fall behind the code.
@Suite("Every public error type has its owner in docs/error-ownership.md")
struct OwnershipTableTests {
    @Test func everyPublicErrorTypeOfTheModulesIsInTheTable() throws {
        let table = try PackageRoot.read(OwnershipTable.document)
        let declared = try PackageRoot.swiftFiles(under: ["Modules"]).flatMap { path in
            OwnershipTable.publicErrorTypes(in: try PackageRoot.read(path))
        }

        #expect(!declared.isEmpty)
        #expect(OwnershipTable.missing(Set(declared), from: table) == [])
    }

    @Test func aTypeTheTableDoesNotNameIsFound() {
        let table = "| Data | `WalletRepositoryError` (`banned`) | … | … |"
        let source = """
            public enum WalletRepositoryError: Error {}
            public struct OrdersRepositoryError: Error {}
            enum InternalError: Error {}
            """

        let missing = OwnershipTable.missing(Set(OwnershipTable.publicErrorTypes(in: source)), from: table)

        #expect(missing == ["OrdersRepositoryError"])
    }
}

/// Reading the table and the declarations it must name.
enum OwnershipTable {
    /// The document that holds the table, relative to the package's root.
    static let document = "docs/error-ownership.md"

    /// The names of the public types called `…Error` that `source` declares.
    static func publicErrorTypes(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.first == "public", words.count >= 3,
                ["enum", "struct", "class", "final"].contains(String(words[1]))
            else { return nil }
            let nameWord = words[1] == "final" && words.count >= 4 ? words[3] : words[2]
            let name = String(nameWord.prefix { $0.isLetter || $0.isNumber })
            return name.hasSuffix("Error") ? name : nil
        }
    }

    /// The names in `declared` that `table` never writes as code (`` `Name``).
    static func missing(_ declared: Set<String>, from table: String) -> [String] {
        declared.filter { !table.contains("`\($0)") }.sorted()
    }
}
