import DemoBackend
import ErrorReports
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// `errorflow explain` on what the tour produces: every fingerprint the tour's runs report is explained with its
/// owner, the file that declares it, its layer and category, the boundary rows that make it and the scenarios that
/// reproduce it; a report's file shows its breadcrumbs as text and as Mermaid the journeys' grammar accepts.
@Suite("explain on the tour's fingerprints", .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct ExplainTourTests {
    @Test func everyFingerprintTheTourReportsIsExplained() async throws {
        let tour = try await Binary.run(["tour", "--format", "json"])
        let producers = try Self.fingerprintsByScenario(tour.stdout)

        #expect(tour.status == 0, "\(tour.stderr)")
        #expect(producers.count >= 5, "\(producers)")
        for (fingerprint, scenarios) in producers.sorted(by: { $0.key < $1.key }) {
            let run = try await Binary.run(["explain", fingerprint, "--format", "json"])
            let json = try #require(
                JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
            let type = try #require(json["type"] as? String, "\(fingerprint)")
            let file = try #require(json["file"] as? String, "\(fingerprint)")
            let source = try String(contentsOf: ArchitectureDocument.root.appendingPathComponent(file), encoding: .utf8)
            let produced = json["producedBy"] as? [[String: Any]] ?? []
            let named = (json["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }

            #expect(run.status == 0, "\(fingerprint): \(run.stderr)")
            #expect(fingerprint.hasPrefix("\(type).\(json["case"] as? String ?? "?")/"))
            #expect(source.contains("public enum \(type):"), "\(file) declares \(type)")
            #expect(JourneyLayer(rawValue: json["layer"] as? String ?? "") != nil, "\(fingerprint)")
            #expect(["default", "unhandleable", "ignorable", "recoverable"].contains(json["category"] as? String))
            #expect(!produced.isEmpty || json["producedByNone"] is String, "\(fingerprint)")
            #expect(Set(scenarios).isSubset(of: Set(named)), "\(fingerprint): \(scenarios) in \(named)")
            #expect(
                (json["scenarios"] as? [[String: Any]] ?? []).allSatisfy {
                    ($0["command"] as? String)?.hasPrefix("errorflow ") == true
                })
        }
    }

    @MainActor
    @Test func theCatalogDeclaresTheReportsEachScenarioSends() {
        for scenario in DemoScenario.allCases {
            let sent = ErrorReportScenarioTests.fingerprints[scenario].map { [$0] } ?? []
            #expect(scenario.reportedFingerprints == sent, "\(scenario.rawValue)")
        }
    }

    @Test func theTextNamesEachScenarioWithItsCommand() async throws {
        let run = try await Binary.run(["explain", "TransferError.unknown/networking/idempotency_key_reused"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  transfer-key-reused: 409 idempotency_key_reused"))
        #expect(run.stdout.contains("    errorflow transfer --scenario transfer-key-reused --trace\n"))
    }

    /// A report file is what anyone may hand over: what its breadcrumbs carry that a report never should (a bearer
    /// token, a refresh token field, an email) is printed in no format.
    @MainActor
    @Test func aReportFileFullOfSecretsPrintsNoneOfThem() async throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("report.json")
        let encoded = try JSONEncoder().encode(try await Self.keyReusedReport())
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        var crumbs = try #require(object["breadcrumbs"] as? [[String: Any]])
        crumbs[0]["from"] = "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig-4242"
        crumbs[0]["to"] = #"{"refreshToken":"r-secret-4242","email":"ada@example.com"}"#
        object["breadcrumbs"] = crumbs
        try JSONSerialization.data(withJSONObject: object).write(to: file)

        for format in ["text", "json"] {
            let run = try await Binary.run(["explain", file.path, "--format", format])

            #expect(run.status == 0, "\(run.stderr)")
            for secret in ["eyJhbGciOiJIUzI1NiJ9", "r-secret-4242", "ada@example.com"] {
                #expect(!run.stdout.contains(secret), "\(format) printed \(secret)")
            }
        }
    }

    /// The error report `transfer-key-reused` sends, as the reporter sent it.
    @MainActor
    private static func keyReusedReport() async throws -> ErrorReport {
        let sent = await DemoRun(
            options: .init(
                appVersion: "test", collector: JourneyCollector(), logger: quietLogger, backendLogger: quietLogger,
                errorReports: ErrorReportBook())
        ).run(.transferKeyReused, on: .transfer).errorReports
        return try #require(sent.first)
    }

    @MainActor
    @Test func aReportFileShowsItsBreadcrumbsAsTextAndMermaid() async throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("report.json")
        let report = try await Self.keyReusedReport()
        try JSONEncoder().encode(report).write(to: file)

        let text = try await Binary.run(["explain", file.path])
        let json = try await Binary.run(["explain", file.path, "--format", "json"])
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let mermaid = try #require((object["report"] as? [String: Any])?["mermaid"] as? String)
        let block = try #require(
            text.stdout.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "\n```")
                .first)

        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.contains(
                "  networking   mapped    [unhandleable] HTTP 409 idempotency_key_reused → HTTPClientError.conflict\n"),
            "\(text.stdout)")
        #expect(text.stdout.contains("  transfer-key-reused: "))
        #expect(
            text.stdout.contains("from: HTTPClientError.conflict in networking · code idempotency_key_reused"),
            "the developer detail names the failure the breadcrumbs tell")
        #expect(block == mermaid)
        #expect(
            MermaidSequenceGrammar.violations(in: mermaid).isEmpty,
            "\(MermaidSequenceGrammar.violations(in: mermaid))\n\(mermaid)")
        #expect(
            mermaid.contains(
                "backend->>networking: mapped [unhandleable] HTTP 409 idempotency_key_reused → HTTPClientError.conflict"
            ))
        #expect(
            mermaid.contains(
                "networking->>data: mapped [unhandleable] HTTPClientError.conflict → TransferRepositoryError.keyReused")
        )
        #expect(
            mermaid.hasSuffix(
                "Note over navigation: reported as TransferError.unknown/networking/idempotency_key_reused"))
    }

    /// Each fingerprint the tour's runs reported (sent or waiting), with the scenarios that reported it.
    static func fingerprintsByScenario(_ tourJSON: String) throws -> [String: [String]] {
        let tour = try #require(JSONSerialization.jsonObject(with: Data(tourJSON.utf8)) as? [String: Any])
        var producers: [String: [String]] = [:]
        for scenario in tour["scenarios"] as? [[String: Any]] ?? [] {
            let name = scenario["scenario"] as? String ?? "?"
            let run = scenario["run"] as? [String: Any] ?? [:]
            let reports =
                (run["errorReports"] as? [[String: Any]] ?? []) + (run["pendingErrorReports"] as? [[String: Any]] ?? [])
            for fingerprint in reports.compactMap({ $0["fingerprint"] as? String }) {
                producers[fingerprint, default: []].append(name)
            }
        }
        return producers
    }
}
