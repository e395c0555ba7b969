/// Which boundary reads which operation's error codes, and the two checks between the contract and the boundary
/// tables: every documented `(operation, status, code)` has a row, and every row's code is documented.
struct ErrorCodeRules {
    /// The boundary that reads each operation's answers (`GET /v1/wallet`: `RemoteWalletRepository`).
    var handlers: [String: String]
    /// The chain's boundaries, which every authenticated operation's answers pass: a coded row of theirs reads that
    /// code on each authenticated operation but HEAD (whose answers have no body, so no code).
    var chain: [String]
    /// The operations whose codes the client reads nowhere, each with the reason.
    var unread: [String: String]

    /// Each documented answer that no boundary reading its operation has a row for.
    func answersWithoutRow(contract: ContractDocument, boundaries: [String: Set<CodedAnswer>]) -> [String] {
        var gaps: [String] = []
        for (operation, documented) in contract.operations.sorted(by: { $0.key < $1.key })
        where unread[operation] == nil {
            var read = handlers[operation].flatMap { boundaries[$0] } ?? []
            if documented.authenticated {
                for boundary in chain { read.formUnion(boundaries[boundary] ?? []) }
            }
            for answer in documented.answers.sorted() where !read.contains(answer) {
                let entry = BoundaryCodes.entry(for: answer)
                if let handler = handlers[operation] {
                    gaps.append("\(operation) \(answer) is documented; \(handler) has no row `\(entry)`")
                } else {
                    gaps.append("\(operation) \(answer) is documented; no boundary reads \(operation)'s codes")
                }
            }
        }
        return gaps
    }

    /// Each code a boundary's rows read that the contract does not document for an operation that boundary reads.
    func rowsWithoutAnswer(contract: ContractDocument, boundaries: [String: Set<CodedAnswer>]) -> [String] {
        var gaps: [String] = []
        for (boundary, answers) in boundaries.sorted(by: { $0.key < $1.key }) where !answers.isEmpty {
            var operations = Set(handlers.filter { $0.value == boundary }.keys)
            if chain.contains(boundary) {
                operations.formUnion(
                    contract.operations.filter { $0.value.authenticated && !$0.key.hasPrefix("HEAD ") }.keys)
            }
            if operations.isEmpty {
                gaps.append("\(boundary) reads \(answers.sorted()) but reads no documented operation's answers")
            }
            for operation in operations.sorted() {
                let documented = contract.operations[operation]?.answers ?? []
                for answer in answers.sorted() where !documented.contains(answer) {
                    gaps.append("\(boundary) reads \(answer) for \(operation), which the contract does not document")
                }
            }
        }
        return gaps
    }

    /// Each name these rules give that the contract or the tables do not have.
    func unknownNames(contract: ContractDocument, boundaries: [String: Set<CodedAnswer>]) -> [String] {
        let operations = Set(handlers.keys).union(unread.keys).subtracting(contract.operations.keys)
        let tables = Set(handlers.values).union(chain).subtracting(boundaries.keys)
        return operations.sorted().map { "\($0) is no operation of the contract" }
            + tables.sorted().map { "\($0) is no boundary table" }
    }
}
