public import FaultInjection

/// Which fault kinds the proxy may inject into which requests, as `--faults` says: entries separated by `;`, each
/// `KINDS` (every route) or `METHOD PATH=KINDS` (`PATH=KINDS`: any method), KINDS comma-separated names of
/// ``FaultKind`` (`5xx`: 500 and 503). A path ending in `*` is a prefix. The first entry that matches a request
/// decides its kinds; a request no entry matches gets no fault.
///
///     GET /v1/wallet=429,slow;POST /v1/transfers=drop-answer
public struct FaultRules: Hashable, Sendable {
    /// One entry: where it applies and the kinds it allows there.
    public struct Rule: Hashable, Sendable {
        /// The method it applies to (`GET`), or `nil` for any.
        public var method: String?
        /// The path it applies to (`/v1/wallet`, or a prefix ending in `*`), or `nil` for any.
        public var path: String?
        /// The kinds drawn from, never empty.
        public var kinds: [FaultKind]

        /// Whether it applies to a request of `method` to `path`.
        public func matches(method: String, path: String) -> Bool {
            if let wanted = self.method, wanted != method { return false }
            guard let wanted = self.path else { return true }
            if wanted.hasSuffix("*") { return path.hasPrefix(wanted.dropLast()) }
            return path == wanted
        }
    }

    /// The entries, in the order they were given.
    public var rules: [Rule]

    /// Every kind on every route: the proxy without `--faults`.
    public static let everyKindEverywhere = FaultRules(rules: [Rule(method: nil, path: nil, kinds: FaultKind.allCases)])

    /// Rules made of `rules`.
    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// The rules `spec` writes, or what is wrong with it.
    public init(parsing spec: String) throws(FaultRulesError) {
        var rules: [Rule] = []
        for entry in spec.split(separator: ";") {
            let text = entry.trimmingSpaces
            guard !text.isEmpty else { continue }
            var method: String?
            var path: String?
            var kindList = Substring(text)
            if let equals = text.firstIndex(of: "=") {
                let route = text[..<equals].split(separator: " ", omittingEmptySubsequences: true)
                kindList = text[text.index(after: equals)...]
                switch route.count {
                case 1:
                    path = String(route[0])
                case 2:
                    method = String(route[0]).uppercased()
                    path = String(route[1])
                default:
                    throw FaultRulesError(
                        "'\(text)': a route is 'METHOD /path' or '/path', such as 'GET /v1/wallet=429'")
                }
                guard let path, path.hasPrefix("/") else {
                    throw FaultRulesError("'\(text)': the path must start with /, such as 'GET /v1/wallet=429'")
                }
                if let method, method.isEmpty || !method.allSatisfy({ $0.isLetter }) {
                    throw FaultRulesError("'\(text)': '\(method)' is not an HTTP method")
                }
            }
            let named = FaultKind.kinds(named: kindList)
            guard named.unknown.filter({ !$0.isEmpty }).isEmpty, !named.kinds.isEmpty else {
                let unknown = named.unknown.filter { !$0.isEmpty }
                throw FaultRulesError(
                    (unknown.isEmpty
                        ? "'\(text)' names no fault kind" : "no fault kind named \(unknown.joined(separator: ", "))")
                        + "; the kinds are \(FaultKind.allCases.map(\.rawValue).joined(separator: ", ")) (5xx: 500 and 503)"
                )
            }
            rules.append(Rule(method: method, path: path, kinds: named.kinds))
        }
        guard !rules.isEmpty else { throw FaultRulesError("--faults names no fault kind") }
        self.rules = rules
    }

    /// The kinds a request of `method` to `path` may get: the first matching entry's, or none.
    public func kinds(method: String, path: String) -> [FaultKind] {
        rules.first { $0.matches(method: method, path: path) }?.kinds ?? []
    }
}

/// Why a `--faults` value cannot be read: one line that says what to write instead.
public struct FaultRulesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
