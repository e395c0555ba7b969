import Foundation
import Networking
import TestSupport

/// The server codes the boundary tables of `docs/boundaries.md` read: every row entry `HTTPClientError.kind + code`,
/// as the answer it stands for (`HTTPClientError.forbidden + wallet_banned` is `403 wallet_banned`), by boundary.
/// The boundary tests hold each row to what the code does (decision 0083), so these are the codes the client reads.
enum BoundaryCodes {
    /// Why the tables could not be read.
    enum ReadError: Error, Equatable, CustomStringConvertible {
        case table(BoundaryTable.ParseError)
        case noStatus(boundary: String, entry: String)

        var description: String {
            switch self {
            case .table(let error): "docs/boundaries.md: \(error)"
            case .noStatus(let boundary, let entry):
                "\(boundary): `\(entry)` names a server code on an error that stands for no HTTP status"
            }
        }
    }

    /// Each boundary's name (as `### Boundary: Name (…)` gives it) and the coded answers its rows name; a boundary
    /// whose rows name no code has an empty set. Throws ``ReadError`` for a malformed table, or a code on an error of
    /// no status (`HTTPClientError.offline + x`).
    static func read(markdown: String) throws(ReadError) -> [String: Set<CodedAnswer>] {
        var boundaries: [String: Set<CodedAnswer>] = [:]
        for name in names(in: markdown) {
            let table: BoundaryTable
            do {
                table = try BoundaryTable(name, markdown: markdown)
            } catch {
                throw .table(error)
            }
            var answers: Set<CodedAnswer> = []
            for entry in table.rows.keys where entry.hasPrefix(prefix) {
                let parts = entry.dropFirst(prefix.count).components(separatedBy: " + ")
                guard parts.count == 2 else { continue }
                guard let status = statuses[parts[0]] else { throw .noStatus(boundary: name, entry: entry) }
                answers.insert(CodedAnswer(status: status, code: parts[1]))
            }
            boundaries[name] = answers
        }
        return boundaries
    }

    /// The name the client's status table gives the error for `status`, as a row names it:
    /// `HTTPClientError.unexpectedStatus(402)`.
    static func entry(for answer: CodedAnswer) -> String {
        let kind = StatusCodeMappingHTTPClient.kind(forStatus: answer.status)?.name ?? "status(\(answer.status))"
        return "\(prefix)\(kind) + \(answer.code)"
    }

    private static let prefix = "HTTPClientError."

    /// The status each kind's name stands for, from the client's own status table (`unauthorized`: 401,
    /// `unexpectedStatus(402)`: 402, `server(503)`: 503).
    private static let statuses: [String: Int] = {
        var statuses: [String: Int] = [:]
        for status in 100..<600 {
            if let kind = StatusCodeMappingHTTPClient.kind(forStatus: status), statuses[kind.name] == nil {
                statuses[kind.name] = status
            }
        }
        return statuses
    }()

    /// The names after `### Boundary: `, up to the layer in parentheses.
    private static func names(in markdown: String) -> [String] {
        markdown.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("### Boundary: ") else { return nil }
            return line.dropFirst("### Boundary: ".count).components(separatedBy: " (").first?
                .trimmingCharacters(in: .whitespaces)
        }
    }
}
