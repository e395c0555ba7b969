import Composition
import DemoBackend
import Foundation
import KeyedWrites
import Networking
import TestSupport
import Testing
import Yams

/// `docs/openapi.yaml`, the contract as a document for other tools (schemathesis reads it in CI), never drifts
/// from the demo backend: the same paths, on each the same methods, every operation documents its answers, and
/// the patterns it gives a transfer's amount and `Idempotency-Key` take exactly what the demo backend takes.
@Suite("The OpenAPI document and the demo backend")
struct OpenAPIDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    @Test func everyPathAndMethodIsDocumentedAndServed() throws {
        let documented = try Self.operations()
        let served = Dictionary(uniqueKeysWithValues: DemoBackend.routes.map { ($0.path, Set($0.methods)) })

        #expect(documented.keys.sorted() == served.keys.sorted())
        for (path, methods) in served {
            #expect(documented[path].map { Set($0.keys) } == methods, "\(path)")
        }
    }

    @Test func everyOperationDocumentsItsSuccessAndTheContractsErrors() throws {
        for (path, operations) in try Self.operations() {
            for (method, statuses) in operations {
                #expect(statuses.contains { $0.hasPrefix("2") }, "\(method) \(path) has no success")
                #expect(statuses.isSuperset(of: ["500", "503"]), "\(method) \(path): \(statuses.sorted())")
                if !["/v1/auth/apple", "/v1/auth/refresh", "/v1/client-reports", "/v1/error-reports"].contains(path) {
                    #expect(statuses.contains("401"), "\(method) \(path) is authenticated and can answer 401")
                }
            }
        }
    }

    /// The answers the document names final for a transfer's key are exactly those the client settles a journalled
    /// transfer on.
    @Test func theFinalAnswersForAKeyAreTheClientsOwn() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var node: Any? = try Yams.load(yaml: text)
        for key in ["paths", "/v1/transfers", "post", "x-final-answers-for-key"] {
            node = (node as? [String: Any])?[key]
        }
        let finals = try #require(node as? [String: Any])
        func answers(_ name: String) -> Set<String> {
            Set((finals[name] as? [Any] ?? []).map { "\($0)" })
        }
        let url = URL(string: "http://backend.test/api")!
        let operation = ComposedApp.pendingWrites(file: nil, baseURL: url, logger: quietLogger).operation(
            of: HTTPRequest.postJSON(url, "/v1/transfers", body: [:]))
        func named(_ answers: Set<KeyedOperation.Answer>) -> Set<String> {
            Set(answers.map { [String($0.status), $0.code].compactMap(\.self).joined(separator: " ") })
        }

        #expect(answers("made") == ["201"])
        #expect(answers("notMade") == named(operation.notMade))
        #expect(answers("madeNothing") == named(operation.madeNothing))
    }

    @Test func theAmountPatternTakesExactlyTheAmountsTheDemoTakes() async throws {
        let pattern = try #require(try Self.component("schemas", "TransferRequest", "properties", "amount", "pattern"))
        let amounts = [
            "0", "0.0", "0.00", "0.01", "0.1", "0.10", "0.5", "1", "1.", "1.0", "1.00", "1.001", ".5", "01", "00.5",
            "-1", "-0.5", "+1", "1e3", "12,50", " 12", "12 ", "410*", "9999999999999999999999.99", "\u{661}",
            "\u{FF11}", "abc", "",
        ]
        let seed = SeedSession.random()
        let backend = try await DemoBackend.start(scenario: .transferHappy, seed: seed, logger: quietLogger)

        for amount in amounts {
            let body = #"{"toAccount":"DE89","amount":"\#(amount)","currency":"EUR"}"#
            let status = await Self.transferStatus(
                body, key: UUID().uuidString, on: backend, token: seed.accessToken)
            #expect(status == (Self.matches(pattern, amount) ? 201 : 422), "amount \"\(amount)\"")
        }
        await backend.stop()
    }

    @Test func theIdempotencyKeyPatternTakesExactlyTheKeysTheDemoTakes() async throws {
        let pattern = try #require(try Self.component("parameters", "IdempotencyKey", "schema", "pattern"))
        let keys = [
            UUID().uuidString, UUID().uuidString.lowercased(), "6F1C2A9E-3b7d-4E2F-9a51-0C8D7E6B5A43", "k-1",
            "6f1c2a9e3b7d4e2f9a510c8d7e6b5a43", "{6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43}",
            "urn:uuid:6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43", "6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a4",
            "6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a4g",
            "6f1c2a9e_3b7d_4e2f_9a51_0c8d7e6b5a43", "6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43a",
        ]
        let seed = SeedSession.random()
        let backend = try await DemoBackend.start(scenario: .transferHappy, seed: seed, logger: quietLogger)

        for key in keys {
            let body = #"{"toAccount":"DE89","amount":"12.50","currency":"EUR"}"#
            let status = await Self.transferStatus(body, key: key, on: backend, token: seed.accessToken)
            #expect(status == (Self.matches(pattern, key) ? 201 : 400), "key \"\(key)\"")
        }
        await backend.stop()
    }

    /// The value at `path` under the document's `components`, if it is a string.
    static func component(_ path: String...) throws -> String? {
        let text = try String(contentsOf: document, encoding: .utf8)
        var node: Any? = (try Yams.load(yaml: text) as? [String: Any])?["components"]
        for key in path { node = (node as? [String: Any])?[key] }
        return node as? String
    }

    /// Whether `pattern` finds a match in `text`, as JSON Schema's `pattern` asks.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let expression = try? NSRegularExpression(pattern: pattern)
        return expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The status of `POST /v1/transfers` with `body` and `key`.
    static func transferStatus(_ body: String, key: String, on backend: DemoBackend, token: String) async -> Int? {
        let request = HTTPRequest(
            method: .post, url: backend.baseURL.appendingPathComponent("/v1/transfers"),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)", "Idempotency-Key": key],
            body: Data(body.utf8))
        return await URLSessionHTTPClient().outcome(of: request).value?.status
    }

    /// Path → method (upper case) → the statuses documented for it.
    static func operations() throws -> [String: [String: Set<String>]] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: [String: Any]])
        return paths.mapValues { item in
            var operations: [String: Set<String>] = [:]
            for (key, value) in item where methods.contains(key) {
                let responses = (value as? [String: Any])?["responses"] as? [AnyHashable: Any] ?? [:]
                operations[key.uppercased()] = Set(responses.keys.map { "\($0)" })
            }
            return operations
        }
    }
}
