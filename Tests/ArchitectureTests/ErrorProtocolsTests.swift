import Foundation
import Testing

/// The error flow has three protocols, each with one reason: `CategorizedError` is what Navigation routes by,
/// `LayerError` is a layer's enum with its one switch, and `BackendCallError` is a layer's enum on the way to the
/// backend, which carries the app-wide conditions and a cancelled call up. A fourth is weight a newcomer pays for.
@Suite("The project's error protocols")
struct ErrorProtocolsTests {
    @Test func thereAreThreeAndEachHasItsReason() throws {
        let declarations = try PackageRoot.swiftFiles(under: ["Modules", "App", "Demo"])
            .flatMap { try ErrorProtocols.declarations(in: PackageRoot.read($0)) }

        #expect(ErrorProtocols.refiningError(declarations) == ["BackendCallError", "CategorizedError", "LayerError"])
    }

    @Test func aProtocolRefiningErrorThroughAnotherCounts() {
        let source = """
            public protocol Named { var name: String { get } }
            public protocol Failing: Error, Sendable {}
            package protocol Deeper: Failing where Self: Hashable {
            protocol Composed: Named & Failing {}
            public protocol Unrelated: Sendable {}
            """

        #expect(
            ErrorProtocols.refiningError(ErrorProtocols.declarations(in: source)) == ["Composed", "Deeper", "Failing"])
    }
}

/// Reads protocol declarations from source text, and which of them refine `Error`.
enum ErrorProtocols {
    /// Every `protocol Name: Parents` in `source`, with the protocols it names as parents.
    static func declarations(in source: String) -> [(name: String, parents: [String])] {
        source.matches(
            of:
                #/(?m)^\s*(?:public |package |internal |fileprivate |private )?protocol (?<name>\w+)\s*:\s*(?<parents>[^{\n]*)/#
        )
        .map { match in
            let parents = match.output.parents.split(separator: " where ").first ?? ""
            let names = parents.split(whereSeparator: { $0 == "," || $0 == "&" })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return (String(match.output.name), names)
        }
    }

    /// The names of the protocols that refine `Error`, directly or through another of `declarations`, sorted.
    static func refiningError(_ declarations: [(name: String, parents: [String])]) -> [String] {
        var found: Set<String> = []
        var grew = true
        while grew {
            grew = false
            for declaration in declarations where !found.contains(declaration.name) {
                if declaration.parents.contains(where: { $0 == "Error" || found.contains($0) }) {
                    found.insert(declaration.name)
                    grew = true
                }
            }
        }
        return found.sorted()
    }
}
