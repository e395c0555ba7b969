/// One kind of fault a fault injector can put in place of a backend's answer: the vocabulary the demo backend's load
/// run and `errorflow proxy` share. Its raw value is the name the command line uses.
public enum FaultKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// 500 with the contract's error body.
    case serverError = "500"
    /// 503 `service_unavailable` with a `Retry-After`.
    case unavailable = "503"
    /// 429 `rate_limited` with a `Retry-After`.
    case rateLimited = "429"
    /// The answer comes late.
    case slow
    /// 401 `token_expired` (a server whose clock runs ahead): the client refreshes and replays.
    case expiredToken = "token_expired"
    /// The request reaches the backend, which acts on it; its answer is lost (the connection closes without it).
    case dropAnswer = "drop-answer"
    /// A 200 whose body is not JSON.
    case malformed
    /// A 200 whose JSON object lacks one of its fields.
    case missingField = "missing-field"
    /// A 200 carrying the contract's error envelope (`"status": "error"`).
    case errorIn200 = "error-in-200"

    /// The kinds the demo backend injects itself, in its load run.
    public static let backendKinds: [FaultKind] = [.serverError, .unavailable, .rateLimited, .slow, .expiredToken]

    /// The kinds a comma-separated `list` names (each kind's name, or `5xx` for 500 and 503), in the order of
    /// ``allCases`` and each once, with the names that name none of `among`.
    public static func kinds(named list: some StringProtocol, among: [FaultKind] = FaultKind.allCases)
        -> (kinds: [FaultKind], unknown: [String])
    {
        var named: Set<FaultKind> = []
        var unknown: [String] = []
        for word in list.split(separator: ",") {
            let name = String(word.filter { !$0.isWhitespace })
            if name == "5xx", among.contains(.serverError), among.contains(.unavailable) {
                named.formUnion([.serverError, .unavailable])
            } else if let kind = FaultKind(rawValue: name), among.contains(kind) {
                named.insert(kind)
            } else {
                unknown.append(name)
            }
        }
        return (among.filter(named.contains), unknown)
    }
}
