import DemoBackend
import Foundation
import Testing
import Yams

/// `docs/openapi.yaml`, the contract as a document for other tools (schemathesis reads it in CI), never drifts
/// from the demo backend: the same paths, on each the same methods, and every operation documents its answers.
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
                if path != "/v1/auth/apple", path != "/v1/auth/refresh", path != "/v1/client-reports" {
                    #expect(statuses.contains("401"), "\(method) \(path) is authenticated and can answer 401")
                }
            }
        }
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
