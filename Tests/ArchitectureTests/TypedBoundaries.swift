import Foundation

/// Finds the untyped errors a module hands to other modules: an untyped `throws`, a `rethrows`, or an `any Error`
/// anywhere in a declaration other modules can see (parameters, results, `Result<…, any Error>`, closure types,
/// properties, enum payloads, type aliases).
///
/// It reads the declarations `swift-symbolgraph-extract` prints. There, `throws(E)` is the keyword `throws` followed
/// by a `(`; a bare `throws` (which is also how `throws(any Error)` prints) is untyped; `rethrows` rethrows whatever
/// its closure throws, `any Error` when the closure is untyped. An existential is the type `Swift.Error` written
/// after `any` (alone or in a composition such as `any Sendable & Error`); `some Error`, `<E: Error>` and
/// `where E : Error` are generics, and typed.
struct TypedBoundaries {
    enum Leak: String, Equatable {
        case untypedThrows = "untyped throws"
        case untypedRethrows = "rethrows"
        case anyError = "any Error"
    }

    /// One declaration that lets an untyped error cross the module boundary.
    struct Violation: Equatable, CustomStringConvertible {
        var module: String
        /// The path from the module down, e.g. `WalletRepository.fetch()`.
        var symbol: String
        var kind: String
        var declaration: String
        var leaks: [Leak]
        /// `file:line`, when the symbol graph knows it.
        var location: String?

        var description: String {
            let leakList = leaks.map(\.rawValue).joined(separator: ", ")
            let place = location.map { " (\($0))" } ?? ""
            return "\(module).\(symbol) [\(kind)]: \(leakList) in `\(declaration)`\(place)"
        }
    }

    /// What one module's scan found.
    struct Outcome: Equatable {
        var violations: [Violation] = []
        /// The exemptions that covered at least one symbol, by requirement USR.
        var exemptionsUsed: Set<String> = []
        var symbolsScanned = 0
    }

    /// The access levels other modules see. `package` is included: every module here is in one package, so a
    /// `package` declaration crosses module boundaries as much as a `public` one.
    static let scannedAccessLevels: Set<String> = ["open", "public", "package"]

    static let errorProtocol = "s:s5ErrorP"

    var exemptions: [TypedBoundaryExemption]

    /// Checks every symbol graph of `module`: the main one and the `Module@Other` files of its extensions to other
    /// modules' types.
    func check(module: String, graphs: [SymbolGraph]) -> Outcome {
        var outcome = Outcome()
        for graph in graphs {
            var origins: [String: [SymbolGraph.Relationship.Origin]] = [:]
            for relationship in graph.relationships where relationship.kind == "memberOf" {
                if let origin = relationship.sourceOrigin {
                    origins[relationship.source, default: []].append(origin)
                }
            }
            for symbol in graph.symbols where Self.scannedAccessLevels.contains(symbol.accessLevel) {
                outcome.symbolsScanned += 1
                let fragments = symbol.declarationFragments ?? []
                let leaks = Self.leaks(in: fragments)
                guard !leaks.isEmpty else { continue }
                // A requirement a vendor stand-in declares counts as its own origin.
                let itself = SymbolGraph.Relationship.Origin(
                    identifier: symbol.identifier.precise, displayName: symbol.pathComponents.joined(separator: "."))
                let candidates = [itself] + origins[symbol.identifier.precise, default: []]
                let covering = exemptions.filter { exemption in
                    candidates.contains { exemption.covers(module: module, kind: symbol.kind.identifier, origin: $0) }
                }
                if !covering.isEmpty {
                    outcome.exemptionsUsed.formUnion(covering.map(\.requirement))
                    continue
                }
                outcome.violations.append(
                    Violation(
                        module: module,
                        symbol: symbol.pathComponents.joined(separator: "."),
                        kind: symbol.kind.identifier,
                        declaration: fragments.map(\.spelling).joined(),
                        leaks: leaks,
                        location: symbol.location.map(Self.place)
                    ))
            }
        }
        outcome.violations.sort { ($0.symbol, $0.kind) < ($1.symbol, $1.kind) }
        return outcome
    }

    /// The leaks in one declaration, each named once, in the order they first appear.
    static func leaks(in fragments: [SymbolGraph.Fragment]) -> [Leak] {
        var found: [Leak] = []
        func note(_ leak: Leak) {
            if !found.contains(leak) { found.append(leak) }
        }
        for (index, fragment) in fragments.enumerated() {
            if fragment.kind == "keyword", fragment.spelling == "throws" {
                let next = fragments.indices.contains(index + 1) ? fragments[index + 1] : nil
                if next?.kind != "text" || next?.spelling.hasPrefix("(") != true { note(.untypedThrows) }
            } else if fragment.kind == "keyword", fragment.spelling == "rethrows" {
                note(.untypedRethrows)
            } else if fragment.preciseIdentifier == errorProtocol, isExistential(at: index, in: fragments) {
                note(.anyError)
            }
        }
        return found
    }

    /// Whether the type at `index` is spelled after `any`, skipping back over `A & B & ` compositions.
    private static func isExistential(at index: Int, in fragments: [SymbolGraph.Fragment]) -> Bool {
        var before = index - 1
        while before >= 1, fragments[before].kind == "text",
            fragments[before].spelling.trimmingCharacters(in: .whitespaces) == "&",
            fragments[before - 1].kind == "typeIdentifier"
        {
            before -= 2
        }
        guard before >= 0 else { return false }
        let fragment = fragments[before]
        if fragment.kind == "keyword" { return fragment.spelling == "any" }
        guard fragment.kind == "text" else { return false }
        let text = fragment.spelling.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix("any") else { return false }
        let wordStart = text.dropLast(3).last
        return wordStart.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
    }

    /// `file:line` from a symbol graph location (whose lines count from zero), relative to the package root.
    private static func place(_ location: SymbolGraph.Symbol.Location) -> String {
        var path = location.uri
        if path.hasPrefix("file://") { path.removeFirst("file://".count) }
        let root = PackageRoot.url.path + "/"
        if path.hasPrefix(root) { path.removeFirst(root.count) }
        return "\(path):\(location.position.line + 1)"
    }
}
