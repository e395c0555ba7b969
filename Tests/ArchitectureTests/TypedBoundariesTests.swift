import Foundation
import Testing

@Suite("Every module boundary has typed errors", .timeLimit(.minutes(5)))
struct TypedBoundariesTests {
    /// Scans the public and package API of every library target under `Modules/` and `Demo/`, and of App (the app's
    /// commands, which the executables share), as built for this test run.
    @Test func noLibraryModuleLetsAnUntypedErrorOut() async throws {
        let manifest = try await PackageManifest.current.value
        let modules = manifest.targets
            .filter { $0.type == "regular" && Self.isScanned($0.path ?? "") }
            .map(\.name).sorted()
        #expect(modules.count >= 5, "the scan found too few library modules to be meaningful: \(modules)")
        let extractor = try SymbolGraphExtractor.forRunningTests()
        let checker = TypedBoundaries(exemptions: TypedBoundaryExemption.project)

        var violations: [TypedBoundaries.Violation] = []
        var exemptionsUsed: Set<String> = []
        var symbolsScanned = 0
        for module in modules {
            let outcome = checker.check(module: module, graphs: try await extractor.graphs(of: module))
            violations += outcome.violations
            exemptionsUsed.formUnion(outcome.exemptionsUsed)
            symbolsScanned += outcome.symbolsScanned
        }

        #expect(symbolsScanned > 100, "the scan saw too few symbols to be meaningful")
        if !violations.isEmpty {
            Issue.record(
                """
                \(violations.count) declaration(s) let an untyped error cross a module boundary; type them, or (only \
                for a requirement of a protocol the project does not own) add a TypedBoundaryExemption:
                \(violations.map(\.description).joined(separator: "\n"))
                """)
        }
        let unused = TypedBoundaryExemption.project.filter { !exemptionsUsed.contains($0.requirement) }
        #expect(unused.isEmpty, "exemptions that cover nothing any more: \(unused.map(\.name))")
    }

    /// The libraries the scan covers: the modules, the demo's, and the app's commands.
    static func isScanned(_ path: String) -> Bool {
        path.hasPrefix("Modules/") || path.hasPrefix("Demo/") || path == "App"
    }
}

@Suite("The typed-boundary check can fail")
struct TypedBoundaryCheckerTests {
    private let checker = TypedBoundaries(exemptions: TypedBoundaryExemption.project)

    @Test func readsTheExtractorsJSON() throws {
        let json = """
            {
              "metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "Swift 6.3.1"},
              "module": {"name": "Sample", "platform": {"operatingSystem": {"name": "linux"}}},
              "symbols": [
                {
                  "kind": {"identifier": "swift.method", "displayName": "Instance Method"},
                  "identifier": {"precise": "s:6Sample6WalletV5fetchSiyYaKF", "interfaceLanguage": "swift"},
                  "pathComponents": ["Wallet", "fetch()"],
                  "names": {"title": "fetch()"},
                  "declarationFragments": [
                    {"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "},
                    {"kind": "identifier", "spelling": "fetch"}, {"kind": "text", "spelling": "() "},
                    {"kind": "keyword", "spelling": "async"}, {"kind": "text", "spelling": " "},
                    {"kind": "keyword", "spelling": "throws"}, {"kind": "text", "spelling": " -> "},
                    {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}
                  ],
                  "accessLevel": "public",
                  "location": {"uri": "file:///elsewhere/Wallet.swift", "position": {"line": 11, "character": 16}}
                },
                {
                  "kind": {"identifier": "swift.init", "displayName": "Initializer"},
                  "identifier": {"precise": "s:6Sample6WalletV4fromACs7Decoder_p_tKcfc", "interfaceLanguage": "swift"},
                  "pathComponents": ["Wallet", "init(from:)"],
                  "names": {"title": "init(from:)"},
                  "declarationFragments": [
                    {"kind": "keyword", "spelling": "init"}, {"kind": "text", "spelling": "("},
                    {"kind": "externalParam", "spelling": "from"}, {"kind": "text", "spelling": " "},
                    {"kind": "internalParam", "spelling": "decoder"}, {"kind": "text", "spelling": ": any "},
                    {"kind": "typeIdentifier", "spelling": "Decoder", "preciseIdentifier": "s:s7DecoderP"},
                    {"kind": "text", "spelling": ") "}, {"kind": "keyword", "spelling": "throws"}
                  ],
                  "accessLevel": "public"
                }
              ],
              "relationships": [
                {"kind": "memberOf", "source": "s:6Sample6WalletV5fetchSiyYaKF", "target": "s:6Sample6WalletV"},
                {
                  "kind": "memberOf", "source": "s:6Sample6WalletV4fromACs7Decoder_p_tKcfc",
                  "target": "s:6Sample6WalletV",
                  "sourceOrigin": {"identifier": "s:Se4fromxs7Decoder_p_tKcfc", "displayName": "Decodable.init(from:)"}
                }
              ]
            }
            """
        let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(json.utf8))

        let outcome = checker.check(module: "Sample", graphs: [graph])

        #expect(
            outcome.violations.map(\.description) == [
                "Sample.Wallet.fetch() [swift.method]: untyped throws in `func fetch() async throws -> Int` "
                    + "(/elsewhere/Wallet.swift:12)"
            ])
        #expect(outcome.exemptionsUsed == ["s:Se4fromxs7Decoder_p_tKcfc"])
        #expect(outcome.symbolsScanned == 2)
    }

    @Test(arguments: [
        "func fetch() async throws -> `Wallet`",
        "init() throws",
        "var value: `Int` { get throws }",
        "subscript(index: `Int`) -> `Int` { get throws }",
        "var onTap: () throws -> `Void`",
        "func run(_ body: @escaping () async throws -> `Void`) async throws(`RunError`)",
    ])
    func anUntypedThrowsLeaks(_ declaration: String) {
        #expect(TypedBoundaries.leaks(in: Sample.fragments(declaration)) == [.untypedThrows])
    }

    @Test func rethrowsLeaksAndSoDoesItsUntypedClosure() {
        let declaration = "func withLock<R>(_ body: (inout `Value`) throws -> R) rethrows -> R"

        #expect(TypedBoundaries.leaks(in: Sample.fragments(declaration)) == [.untypedThrows, .untypedRethrows])
    }

    @Test(arguments: [
        "func handle(_ error: any `Error`, for screen: `String`)",
        "func lastFailure() -> any `Error`",
        "var result: `Result`<`Wallet`, any `Error`>",
        "var onFailure: ((any `Error`) -> `Void`)?",
        "case unexplained(any `Error`)",
        "var errors: [`String` : any `Error`]",
        "func report(_ error: any `Sendable` & `Error`)",
        "func report(_ error: any `Error` & `Sendable`)",
        "typealias Failure = any `Error`",
        "func kind() -> (any `Error`).Type",
    ])
    func anAnyErrorLeaks(_ declaration: String) {
        #expect(TypedBoundaries.leaks(in: Sample.fragments(declaration)) == [.anyError])
    }

    @Test(arguments: [
        "func fetch() async throws(`WalletRepositoryError`) -> `Wallet`",
        "var value: `Int` { get throws(`ParseError`) }",
        "func never() throws(`Never`)",
        "func run<E>(_ body: () throws(E) -> `Void`) throws(E) where E : `Error`",
        "func inspect(_ error: some `Error`)",
        "func inspect<E: `Error`>(_ error: E)",
        "var result: `Result`<`Wallet`, `WalletRepositoryError`>",
        "protocol CategorizedError : `Error`",
        "func company(_ name: `String`) -> `Int`",
    ])
    func typedAndGenericDeclarationsPass(_ declaration: String) {
        #expect(TypedBoundaries.leaks(in: Sample.fragments(declaration)).isEmpty)
    }

    @Test func everyLevelOtherModulesSeeIsScannedAndNoOther() {
        let graph = Sample.graph(symbols: [
            Sample.symbol("A.open()", "func open() throws", access: "open"),
            Sample.symbol("A.public()", "func public() throws", access: "public"),
            Sample.symbol("A.package()", "func package() throws", access: "package"),
            Sample.symbol("A.internal()", "func internal() throws", access: "internal"),
            Sample.symbol("A.fileprivate()", "func fileprivate() throws", access: "fileprivate"),
            Sample.symbol("A.private()", "func private() throws", access: "private"),
        ])

        let outcome = checker.check(module: "Sample", graphs: [graph])

        #expect(outcome.violations.map(\.symbol) == ["A.open()", "A.package()", "A.public()"])
    }

    @Test func theGraphOfAnExtensionToAnotherModulesTypeIsScannedToo() {
        let main = Sample.graph(symbols: [Sample.symbol("Wallet.fetch()", "func fetch() throws(`WalletError`)")])
        let extensions = Sample.graph(symbols: [
            Sample.symbol("Logger.record(_:)", "func record(_ error: any `Error`)")
        ])

        let outcome = checker.check(module: "Sample", graphs: [main, extensions])

        #expect(outcome.violations.map(\.symbol) == ["Logger.record(_:)"])
    }

    @Test func anExemptionCoversOnlyWhatImplementsItsRequirement() {
        let decodable = SymbolGraph.Relationship.Origin(
            identifier: "s:Se4fromxs7Decoder_p_tKcfc", displayName: "Decodable.init(from:)")
        let ownProtocol = SymbolGraph.Relationship.Origin(
            identifier: "s:6Sample9ParseableP4fromx7Decoder_p_tKcfc", displayName: "Parseable.init(from:)")
        let declaration = "init(from decoder: any `Decoder`) throws"
        let graph = Sample.graph(
            symbols: [
                Sample.symbol("Implements.init(from:)", declaration, kind: "swift.init"),
                Sample.symbol("LooksAlike.init(from:)", declaration, kind: "swift.init"),
                Sample.symbol("ImplementsOwnProtocol.init(from:)", declaration, kind: "swift.init"),
            ],
            origins: ["Implements.init(from:)": decodable, "ImplementsOwnProtocol.init(from:)": ownProtocol])

        let outcome = checker.check(module: "Sample", graphs: [graph])

        #expect(outcome.violations.map(\.symbol) == ["ImplementsOwnProtocol.init(from:)", "LooksAlike.init(from:)"])
        #expect(outcome.exemptionsUsed == ["s:Se4fromxs7Decoder_p_tKcfc"])
    }

    @Test func anExemptionHoldsOnlyInItsModulesForItsKind() {
        let respond = SymbolGraph.Relationship.Origin(
            identifier: "s:11Hummingbird13HTTPResponderP7respond", displayName: "HTTPResponder.respond(to:context:)")
        let exemption = TypedBoundaryExemption(
            requirement: respond.identifier, name: respond.displayName, kind: "swift.method",
            modules: ["DemoBackend"], reason: "Hummingbird's requirement")
        let checker = TypedBoundaries(exemptions: [exemption])
        let graph = Sample.graph(
            symbols: [Sample.symbol("Responder.respond(to:context:)", "func respond() async throws -> `Response`")],
            origins: ["Responder.respond(to:context:)": respond])
        let asProperty = Sample.graph(
            symbols: [
                Sample.symbol(
                    "Responder.respond(to:context:)", "var respond: `Int` { get throws }", kind: "swift.property")
            ],
            origins: ["Responder.respond(to:context:)": respond])

        #expect(checker.check(module: "DemoBackend", graphs: [graph]).violations.isEmpty)
        #expect(checker.check(module: "AuthFeature", graphs: [graph]).violations.count == 1)
        #expect(checker.check(module: "DemoBackend", graphs: [asProperty]).violations.count == 1)
    }

    @Test func anExemptionCoversAStandInsCopyOfTheVendorsRequirementInTheStandInOnly() {
        let exemption = TypedBoundaryExemption(
            requirement: "s:Sample.Delegate.didFail(_:)", name: "Delegate.didFail(_:)", kind: "swift.method",
            modules: ["VendorStandIn"], reason: "the vendor's delegate hands over any Error")
        let checker = TypedBoundaries(exemptions: [exemption])
        let graph = Sample.graph(symbols: [
            Sample.symbol("Delegate.didFail(_:)", "func didFail(_ error: any `Error`)"),
            Sample.symbol("Delegate.didFailAgain(_:)", "func didFailAgain(_ error: any `Error`)"),
        ])

        #expect(
            checker.check(module: "VendorStandIn", graphs: [graph]).violations.map(\.symbol) == [
                "Delegate.didFailAgain(_:)"
            ])
        #expect(checker.check(module: "Domain", graphs: [graph]).violations.count == 2)
    }

    @Test func aViolationSaysWhereAndWhat() {
        var symbol = Sample.symbol("WalletRepository.fetch()", "func fetch() async throws -> `Wallet`")
        symbol.location = .init(
            uri: "file://" + PackageRoot.url.path + "/Modules/Domain/Wallet.swift", position: .init(line: 4))

        let outcome = checker.check(module: "Domain", graphs: [Sample.graph(symbols: [symbol])])

        #expect(
            outcome.violations.map(\.description) == [
                "Domain.WalletRepository.fetch() [swift.method]: untyped throws in "
                    + "`func fetch() async throws -> Wallet` (Modules/Domain/Wallet.swift:5)"
            ])
    }

    @Test func theProjectsExemptionsAreRequirementsOfProtocolsItDoesNotOwn() {
        for exemption in TypedBoundaryExemption.project {
            #expect(exemption.requirement.hasPrefix("s:"), "\(exemption.name) is not named by its USR")
            #expect(!exemption.reason.isEmpty, "\(exemption.name) has no reason")
        }
        #expect(TypedBoundaryExemption.project.count <= 5, "the exemption list is meant to stay short")
    }
}

/// Small symbol graphs in the extractor's shape. A declaration is written as ``func f(_ e: any `Error`) throws``:
/// backticks mark type names, the words the extractor prints as keywords become keywords, and the rest is text
/// (`any` included, as the extractor prints it).
private enum Sample {
    static let keywords: Set<String> = [
        "func", "init", "var", "let", "case", "subscript", "typealias", "protocol", "throws", "rethrows", "async",
        "get", "set", "some", "where", "inout",
    ]

    static let usrs = [
        "Error": "s:s5ErrorP", "Int": "s:Si", "String": "s:SS", "Void": "s:s4Voida", "Never": "s:s5NeverO",
        "Result": "s:s6ResultO", "Sendable": "s:s8SendableP", "Decoder": "s:s7DecoderP",
    ]

    static func fragments(_ declaration: String) -> [SymbolGraph.Fragment] {
        var fragments: [SymbolGraph.Fragment] = []
        var text = ""
        func endText() {
            if !text.isEmpty { fragments.append(.init(kind: "text", spelling: text)) }
            text = ""
        }
        var rest = Substring(declaration)
        while let first = rest.first {
            if first == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                endText()
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                let usr = usrs[name] ?? "s:6Sample\(name.count)\(name)V"
                fragments.append(.init(kind: "typeIdentifier", spelling: name, preciseIdentifier: usr))
                rest = rest[rest.index(after: close)...]
            } else if first.isLetter || first == "_" {
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if keywords.contains(String(word)) {
                    endText()
                    fragments.append(.init(kind: "keyword", spelling: String(word)))
                } else {
                    text += word
                }
                rest = rest.dropFirst(word.count)
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        endText()
        return fragments
    }

    static func symbol(
        _ path: String, _ declaration: String, kind: String = "swift.method", access: String = "public"
    ) -> SymbolGraph.Symbol {
        SymbolGraph.Symbol(
            kind: .init(identifier: kind), identifier: .init(precise: "s:Sample.\(path)"),
            pathComponents: path.split(separator: ".").map(String.init), accessLevel: access,
            declarationFragments: fragments(declaration), location: nil)
    }

    /// `origins` maps a symbol's path to the requirement it implements.
    static func graph(
        symbols: [SymbolGraph.Symbol], origins: [String: SymbolGraph.Relationship.Origin] = [:]
    ) -> SymbolGraph {
        SymbolGraph(
            module: .init(name: "Sample"), symbols: symbols,
            relationships: symbols.map { symbol in
                let path = symbol.pathComponents.joined(separator: ".")
                return SymbolGraph.Relationship(
                    kind: "memberOf", source: symbol.identifier.precise, target: "s:Sample.Owner",
                    sourceOrigin: origins[path])
            })
    }
}
