import Foundation
import Networking

/// The journal file's formats. The current one, `errorflow-pending-writes/2`:
///
/// ```json
/// {"format": "errorflow-pending-writes/2", "writes": [
///   {"origin": "http://127.0.0.1:8080", "basePath": "", "user": "u-1", "method": "POST",
///    "operation": "/v1/transfers", "body": "{…}", "key": "…", "firstSent": "2026-11-26T10:02:00Z",
///    "state": "pending", "sends": ["…"], "mayBeMade": true},
///   {…, "state": "made", "receipt": {"madeAt": "…", "status": 201, "body": "{…}"}}
/// ]}
/// ```
///
/// The first format (`errorflow-pending-writes/1`: `entries` with `endpoint`, `idempotencyKey` and a `state` of
/// `sending` or `unknown`, full request paths) is read as pending writes that may have been made, for whoever is
/// signed in; the base path of the backend reading it is taken off its own writes' paths. It is written in the
/// current format at the next change.
enum JournalFile {
    static let currentFormat = "errorflow-pending-writes/2"
    static let firstFormat = "errorflow-pending-writes/1"

    static func decode(_ data: Data, origin: BackendOrigin, basePath: String) -> [KeyedWrite]? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let current = try? decoder.decode(Current.self, from: data), current.format == currentFormat {
            return current.writes.map(\.write)
        }
        if let first = try? decoder.decode(First.self, from: data), first.format == firstFormat {
            return first.entries.map { $0.write(basePath: $0.origin == origin ? basePath : "") }
        }
        return nil
    }

    static func encode(_ writes: [KeyedWrite]) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try? encoder.encode(Current(format: currentFormat, writes: writes.map(Stored.init)))
    }

    private struct Current: Codable {
        var format: String
        var writes: [Stored]
    }

    /// One write as the current format stores it: the identity's fields, the key, and the state flattened.
    private struct Stored: Codable {
        var origin: BackendOrigin
        var basePath: String
        var user: String?
        var method: String
        var operation: String
        var body: String
        var key: String
        var firstSent: Date
        var state: String
        var sends: [SendID]?
        var mayBeMade: Bool?
        var receipt: KeyedWrite.Receipt?

        init(_ write: KeyedWrite) {
            let identity = write.identity
            (origin, basePath, user, method, operation, body) = (
                identity.origin, identity.basePath, identity.user, identity.method, identity.operation, identity.body
            )
            (key, firstSent) = (write.key, write.firstSent)
            switch write.state {
            case .pending(let sends, let mayBeMade):
                state = "pending"
                self.sends = sends.sorted { $0.value < $1.value }
                self.mayBeMade = mayBeMade
            case .made(let receipt):
                state = "made"
                self.receipt = receipt
            }
        }

        var write: KeyedWrite {
            let identity = KeyedWrite.Identity(
                origin: origin, basePath: basePath, user: user, method: method, operation: operation, body: body)
            let kept: KeyedWrite.State
            if state == "made", var receipt {
                // A receipt is only ever made of a 2xx answer.
                if !(200..<300).contains(receipt.status) { receipt.status = 200 }
                kept = .made(receipt)
            } else {
                // Anything but a readable receipt may have been made.
                kept = .pending(sends: Set(sends ?? []), mayBeMade: mayBeMade ?? true || state != "pending")
            }
            return KeyedWrite(identity: identity, key: key, firstSent: firstSent, state: kept)
        }
    }

    private struct First: Decodable {
        struct Entry: Decodable {
            var origin: BackendOrigin
            var method: String
            var endpoint: String
            var body: String
            var idempotencyKey: String
            var firstSent: Date

            func write(basePath: String) -> KeyedWrite {
                let operation =
                    !basePath.isEmpty && endpoint.hasPrefix(basePath + "/")
                    ? String(endpoint.dropFirst(basePath.count)) : endpoint
                let identity = KeyedWrite.Identity(
                    origin: origin, basePath: basePath, user: nil, method: method, operation: operation, body: body)
                return KeyedWrite(
                    identity: identity, key: idempotencyKey, firstSent: firstSent,
                    state: .pending(sends: [], mayBeMade: true))
            }
        }

        var format: String
        var entries: [Entry]
    }
}
