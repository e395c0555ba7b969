/// The parts of a `swift-symbolgraph-extract` JSON file that the typed-boundary check reads.
struct SymbolGraph: Decodable {
    struct Module: Decodable {
        var name: String
    }

    struct Symbol: Decodable {
        struct Kind: Decodable {
            /// `swift.method`, `swift.init`, `swift.property`, `swift.enum.case`, …
            var identifier: String
        }

        struct Identifier: Decodable {
            /// The symbol's USR, e.g. `s:6Domain16WalletRepositoryP5fetchAA0B0VyYaAA0bC5ErrorOYKF`.
            var precise: String
        }

        struct Location: Decodable {
            struct Position: Decodable {
                /// Counted from zero.
                var line: Int
            }

            var uri: String
            var position: Position
        }

        var kind: Kind
        var identifier: Identifier
        /// The names from the module down to the symbol: `["WalletRepository", "fetch()"]`.
        var pathComponents: [String]
        /// `open`, `public`, `package`, `internal`, …
        var accessLevel: String
        var declarationFragments: [Fragment]?
        var location: Location?
    }

    /// One token of a declaration as the compiler prints it.
    struct Fragment: Decodable, Equatable {
        /// `keyword`, `text`, `typeIdentifier`, `identifier`, `externalParam`, …
        var kind: String
        var spelling: String
        var preciseIdentifier: String?
    }

    struct Relationship: Decodable {
        /// The protocol requirement (or default) a member implements.
        struct Origin: Decodable, Equatable {
            var identifier: String
            var displayName: String
        }

        /// `memberOf`, `conformsTo`, `requirementOf`, …
        var kind: String
        var source: String
        var target: String
        var sourceOrigin: Origin?
    }

    var module: Module
    var symbols: [Symbol]
    var relationships: [Relationship]
}
