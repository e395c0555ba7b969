import Yams

/// An answer named by its status and the contract's error code, `403 wallet_banned`.
struct CodedAnswer: Hashable, Comparable, CustomStringConvertible {
    var status: Int
    var code: String

    var description: String { "\(status) \(code)" }

    static func < (lhs: CodedAnswer, rhs: CodedAnswer) -> Bool {
        (lhs.status, lhs.code) < (rhs.status, rhs.code)
    }
}

/// The error codes `docs/openapi.yaml` documents, by operation: for each response of each operation, the values the
/// schema's `error` property may take (its `enum`), following `$ref`, `allOf`, `oneOf` and `anyOf`.
struct ContractDocument {
    /// One operation: whether it needs the bearer token, and its documented `(status, code)` answers.
    struct Operation: Equatable {
        var authenticated: Bool
        var answers: Set<CodedAnswer>
    }

    /// Why the document could not be read.
    enum ReadError: Error, Equatable, CustomStringConvertible {
        case notYAML(String)
        case noPaths
        case brokenReference(String)

        var description: String {
            switch self {
            case .notYAML(let reason): "docs/openapi.yaml is not YAML: \(reason)"
            case .noPaths: "docs/openapi.yaml has no `paths`"
            case .brokenReference(let reference): "docs/openapi.yaml refers to \(reference), which it does not have"
            }
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The operations by `METHOD /path`, `GET /v1/wallet`.
    let operations: [String: Operation]

    /// Reads `yaml`, an OpenAPI 3 document. Throws ``ReadError`` when it is no YAML, has no paths, or a `$ref` names
    /// nothing in it.
    init(yaml: String) throws(ReadError) {
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: yaml)
        } catch {
            throw .notYAML("\(error)")
        }
        guard let root = loaded as? [String: Any], let paths = root["paths"] as? [String: Any] else {
            throw .noPaths
        }
        let everyOperationsSecurity = root["security"] as? [Any] ?? []
        var operations: [String: Operation] = [:]
        for (path, item) in paths {
            guard let item = item as? [String: Any] else { continue }
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let security = operation["security"] as? [Any] ?? everyOperationsSecurity
                var answers: Set<CodedAnswer> = []
                let responses = operation["responses"] as? [AnyHashable: Any] ?? [:]
                for (key, response) in responses {
                    guard let status = Int("\(key)") else { continue }
                    for code in try Self.codes(ofResponse: response, in: root) {
                        answers.insert(CodedAnswer(status: status, code: code))
                    }
                }
                operations["\(method.uppercased()) \(path)"] = Operation(
                    authenticated: security.contains { ($0 as? [String: Any])?.isEmpty == false }, answers: answers)
            }
        }
        self.operations = operations
    }

    /// The codes of one response: those of the schema of each of its media types.
    private static func codes(ofResponse response: Any, in root: [String: Any]) throws(ReadError) -> Set<String> {
        let response = try resolved(response, in: root)
        var codes: Set<String> = []
        for media in (response["content"] as? [String: Any] ?? [:]).values {
            guard let schema = (media as? [String: Any])?["schema"] else { continue }
            codes.formUnion(try Self.codes(ofSchema: schema, in: root, depth: 0))
        }
        return codes
    }

    /// The values `schema` allows its `error` property, through references and compositions (at most 32 deep).
    private static func codes(ofSchema schema: Any, in root: [String: Any], depth: Int) throws(ReadError) -> Set<String>
    {
        guard depth < 32 else { return [] }
        let schema = try resolved(schema, in: root)
        var codes: Set<String> = []
        let error = (schema["properties"] as? [String: Any])?["error"] as? [String: Any]
        for value in error?["enum"] as? [Any] ?? [] { codes.insert("\(value)") }
        for composition in ["allOf", "oneOf", "anyOf"] {
            for part in schema[composition] as? [Any] ?? [] {
                codes.formUnion(try Self.codes(ofSchema: part, in: root, depth: depth + 1))
            }
        }
        return codes
    }

    /// `node` itself, or what its local `$ref` (`#/components/...`) names.
    private static func resolved(_ node: Any, in root: [String: Any]) throws(ReadError) -> [String: Any] {
        var node = node as? [String: Any] ?? [:]
        for _ in 0..<8 {
            guard let reference = node["$ref"] as? String else { return node }
            guard reference.hasPrefix("#/") else { throw .brokenReference(reference) }
            var target: Any? = root
            for key in reference.dropFirst(2).split(separator: "/") {
                target = (target as? [String: Any])?[String(key)]
            }
            guard let found = target as? [String: Any] else { throw .brokenReference(reference) }
            node = found
        }
        throw .brokenReference("a chain of more than 8 references")
    }
}
