import Domain
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App

/// What `explain` knows is what the code and the documents declare: every layer's error type with the file that
/// declares it, every sampled case with its declared category, and the boundary tables as the boundary tests read
/// them.
@MainActor
@Suite("What explain knows, against the code and docs/boundaries.md")
struct ExplainedTypesTests {
    @Test func everyLayerErrorOfTheModulesIsListedWithTheFileThatDeclaresIt() throws {
        let declared = try Self.layerErrorDeclarations()
        let listed = Set(ExplainedType.all.map { "\($0.name) in \($0.file)" })

        #expect(declared.count >= 9)
        #expect(
            listed == declared,
            "not listed: \(declared.subtracting(listed).sorted()); listed wrongly: \(listed.subtracting(declared).sorted())"
        )
    }

    @Test func everySampledCaseIsExplainedAsItsTypeDeclaresIt() throws {
        var checked = 0
        for sample in Self.samples {
            let fingerprint = ErrorFingerprint(of: sample)
            let explanation = try Explanation.of(fingerprint, scenarios: [], scenariosNote: "none")
            let type = String(describing: Swift.type(of: sample))
            let source = try String(
                contentsOf: ArchitectureDocument.root.appendingPathComponent(explanation.file), encoding: .utf8)

            #expect(explanation.type == type, "\(sample.journeyName)")
            #expect(explanation.caseName == sample.caseName, "\(sample.journeyName)")
            #expect(source.contains("public enum \(type):"), "\(explanation.file) declares \(type)")
            #expect(explanation.layer == Swift.type(of: sample).owningLayer.rawValue, "\(sample.journeyName)")
            #expect(
                explanation.category.components(separatedBy: ", ").contains(sample.category.rawValue),
                "\(sample.journeyName): \(explanation.category), declared \(sample.category.rawValue)")
            #expect(!explanation.handledBy.isEmpty || !explanation.producedBy.isEmpty, "\(sample.journeyName)")
            #expect(!explanation.userSees.isEmpty, "\(sample.journeyName)")
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func theEmbeddedTablesAreTheDocumentAsTheBoundaryTestsReadIt() throws {
        let onDisk = try Data(contentsOf: ArchitectureDocument.boundaries)
        let embedded = BoundaryDocument.embedded
        let names = Array(NSOrderedSet(array: embedded.rows.map(\.boundary))).compactMap { $0 as? String }

        #expect(Data(PackageResources.boundaries_md) == onDisk)
        #expect(names.count >= 20)
        for heading in names {
            let name = heading.components(separatedBy: " (").first ?? heading
            let table = try BoundaryTable(name)
            var read: [String: String] = [:]
            for row in embedded.rows where row.boundary == heading {
                for error in row.errors { read[error] = "\(row.category) | \(row.reaction)" }
            }
            #expect(read == table.rows.mapValues { "\($0.category) | \($0.reaction)" }, "\(heading)")
        }
    }

    @Test func aFingerprintOfAnotherTypeCaseOrLayerIsUnknown() {
        let unknown = [
            "NoSuchError.unknown/networking/-", "TransferError.noSuchCase/networking/-",
            "TransferError.unknown/nowhere/-",
        ]

        for text in unknown {
            guard let fingerprint = Explanation.fingerprint(from: text) else {
                Issue.record("\(text) is shaped as a fingerprint")
                continue
            }
            #expect(throws: Explanation.Unknown.self, "\(text)") {
                try Explanation.of(fingerprint, scenarios: [], scenariosNote: "none")
            }
        }
    }

    @Test func whatTheUserSeesIsWhatTheRouterPresentsInEachEnvironment() throws {
        let fingerprint = try #require(
            Explanation.fingerprint(from: "TransferError.unknown/networking/idempotency_key_reused"))

        let sights = try Explanation.of(fingerprint, scenarios: [], scenariosNote: "none").userSees

        #expect(sights.count == 1)
        #expect(sights.first?.via == "TransferFormViewModel (Presentation, TransfersFeature) → Navigation")
        #expect(
            sights.first?.dev
                == "alert \"Something went wrong\": Developer detail (DEV only): TransferError.unknown(UnknownBusinessError) reached Navigation unexplained; from: the failure behind it in networking · code idempotency_key_reused [Contact support]"
        )
        #expect(
            sights.first?.prod.hasPrefix(
                "alert \"Something went wrong\": Trying again won't help. Contact support and quote the reference. "
                    + "[Contact support]") == true, "\(sights)")
        #expect(sights.first?.prod.contains("Developer detail") == false)
        #expect(
            sights.first?.prod.contains("; the log gets: TransferError.unknown(UnknownBusinessError) reached") == true)
    }

    @Test func aLeftOutSourceIsSeenAsNothing() throws {
        let fingerprint = try #require(Explanation.fingerprint(from: "PaymentCardsRepositoryError.serviceDown/data/-"))

        let sights = try Explanation.of(fingerprint, scenarios: [], scenariosNote: "none").userSees

        #expect(sights.map(\.via) == ["LoadPaymentMethodsUseCase (Domain)"])
        #expect(
            sights.first?.dev.hasPrefix("nothing: the layer leaves it out (omitted at warning, unexplained)") == true)
        #expect(sights.first?.dev == sights.first?.prod)
    }

    /// `public enum Name: … LayerError …` and `… BackendCallError …` in `Modules/`, as `Name in path`.
    static func layerErrorDeclarations() throws -> Set<String> {
        let root = ArchitectureDocument.root
        let modules = root.appendingPathComponent("Modules")
        var found: Set<String> = []
        let files =
            FileManager.default.enumerator(at: modules, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in source.matches(of: #/public enum (?<name>[A-Za-z0-9_]+):(?<conformances>[^{]*)\{/#) {
                let conformances = match.output.conformances
                guard conformances.contains("LayerError") || conformances.contains("BackendCallError")
                else { continue }
                let path = file.standardizedFileURL.path.replacingOccurrences(
                    of: root.standardizedFileURL.path + "/", with: "")
                found.insert("\(match.output.name) in \(path)")
            }
        }
        return found
    }

    /// Every sampled case of every layer's error type.
    static var samples: [any LayerError] {
        var samples: [any LayerError] = []
        samples += WalletRepositoryError.allCases as [any LayerError]
        samples += PaymentCardsRepositoryError.allCases as [any LayerError]
        samples += ApplePayError.allCases as [any LayerError]
        samples += PaymentMethodsError.allCases as [any LayerError]
        samples += WalletPageError.allCases as [any LayerError]
        samples += SignInError.allCases as [any LayerError]
        samples += ProfileRepositoryError.allCases as [any LayerError]
        samples += TransferRepositoryError.allCases as [any LayerError]
        samples += TransferError.allCases as [any LayerError]
        // new-feature: explained samples
        return samples
    }
}

/// `errorflow-app explain`: the app alone explains from what it holds, says that it plays no scenarios, looks a
/// reference up at `--base-url`, and refuses what it cannot explain in one line.
@Suite("errorflow-app explain", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ExplainCommandTests {
    static let keyReused = "TransferError.unknown/networking/idempotency_key_reused"

    @Test func aFingerprintIsExplainedAndTheScenariosAreEmptyAndSaySo() async throws {
        let run = try await Binary.run(["explain", Self.keyReused, "--format", "json"])
        let json = try Self.object(run.stdout)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(json["type"] as? String == "TransferError")
        #expect(json["case"] as? String == "unknown")
        #expect(json["file"] as? String == "Modules/Domain/Transfers/UseCases/TransferError.swift")
        #expect(json["layer"] as? String == "domain")
        #expect(json["category"] as? String == "default")
        #expect(json["raisedIn"] as? String == "networking")
        #expect(json["serverCode"] as? String == "idempotency_key_reused")
        let produced = json["producedBy"] as? [[String: Any]] ?? []
        #expect(produced.map { $0["boundary"] as? String } == ["SendTransferUseCase (Domain)"])
        #expect((json["scenarios"] as? [Any])?.isEmpty == true)
        #expect(json["scenariosNote"] as? String == "none: this build (errorflow-app) plays no scenarios")
    }

    @Test func theTextSaysEachPart() async throws {
        let run = try await Binary.run(["explain", Self.keyReused])

        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "owner     TransferError.unknown, declared in Modules/Domain/Transfers/UseCases/TransferError.swift",
            "layer     domain; the failure behind it was raised in networking, server code idempotency_key_reused",
            "category  default",
            "  SendTransferUseCase (Domain)  TransferRepositoryError.keyReused, TransferRepositoryError.unavailable [default]  mapped → TransferError.unknown(UnknownBusinessError)",
            "  via TransferFormViewModel (Presentation, TransfersFeature) → Navigation",
            "  none: this build (errorflow-app) plays no scenarios",
        ] {
            #expect(run.stdout.contains(line + "\n"), "\(line)\n\(run.stdout)")
        }
    }

    @Test(arguments: [
        "NoSuchError.unknown/networking/-", "TransferError.noSuchCase/networking/-", "TransferError.unknown/nowhere/-",
        "not a fingerprint", "/no/such/report.json",
    ])
    func whatCannotBeExplainedIsOneLineAndExit2(_ subject: String) async throws {
        let run = try await Binary.run(["explain", subject])

        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("errorflow-app: "), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }

    @Test func anUnknownTypeSaysWhichTypesThereAre() async throws {
        let run = try await Binary.run(["explain", "NoSuchError.unknown/networking/-"])

        #expect(
            run.stderr.hasPrefix(
                "errorflow-app: no error type NoSuchError in this app, so nothing reports NoSuchError.unknown/networking/-; the layers' types: WalletRepositoryError, "
            ), "\(run.stderr)")
    }

    @Test func aReferenceIsLookedUpAtTheBaseURL() async throws {
        let server = try await LoopbackServer.start { request in
            request.path == "/v1/error-reports" && request.query == "reference=7K3M-Q9XD"
                ? .json(200, Self.recordedReport)
                : .json(404, #"{"error":"report_not_found","message":"no such report"}"#)
        }

        let run = try await Binary.run(
            ["explain", "7k3m-q9xd", "--base-url", server.baseURL.absoluteString, "--format", "json"])
        await server.stop()
        let json = try Self.object(run.stdout)
        let report = json["report"] as? [String: Any] ?? [:]

        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            server.requests.map { "\($0.method) \($0.path)?\($0.query ?? "")" } == [
                "GET /v1/error-reports?reference=7K3M-Q9XD"
            ])
        #expect(server.requests.first?.header("authorization") == nil, "no session is sent")
        #expect(json["fingerprint"] as? String == Self.keyReused)
        #expect(report["reference"] as? String == "7K3M-Q9XD")
        #expect((report["breadcrumbs"] as? [Any])?.count == 5)
        #expect((report["mermaid"] as? String)?.hasPrefix("sequenceDiagram\n") == true)
    }

    @Test func aReferenceTheBackendDoesNotHaveIsOneLineAndExit1() async throws {
        let server = try await LoopbackServer.start { _ in
            .json(404, #"{"error":"report_not_found","message":"no such report"}"#)
        }

        let run = try await Binary.run(["explain", "7K3M-Q9XD", "--base-url", server.baseURL.absoluteString])
        await server.stop()

        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "errorflow-app: the backend at \(BackendOrigin(server.baseURL)) has no error report 7K3M-Q9XD\n")
    }

    @Test func aBackendThatCannotBeReachedIsOneLineAndExit3() async throws {
        let closed = try await ClosedPort.url()

        let run = try await Binary.run(["explain", "7K3M-Q9XD", "--base-url", closed.absoluteString])

        #expect(run.status == 3)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "errorflow-app: cannot look up 7K3M-Q9XD: the backend at \(BackendOrigin(closed)) cannot be reached\n"
        )
    }

    @Test func aReferenceWithoutABaseURLIsRefused() async throws {
        let run = try await Binary.run(["explain", "7K3M-Q9XD"])

        #expect(run.status == 2)
        #expect(
            run.stderr
                == "errorflow-app: 7K3M-Q9XD is a report's reference: give the backend that keeps it with --base-url\n")
    }

    @Test func itsHelpExplainsWithAnExample() async throws {
        let run = try await Binary.run(["explain", "--help"])

        #expect(run.status == 0)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Example: errorflow explain TransferError.unknown/networking/idempotency_key_reused"))
        #expect(!words.lowercased().contains("demo"), "\(run.stdout)")
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// A report of `transfer-key-reused` as the app sent it, with the reference the backend gave it.
    static let recordedReport = """
        {"reference":"7K3M-Q9XD",
         "fingerprint":{"type":"TransferError","case":"unknown","layer":"networking","serverCode":"idempotency_key_reused"},
         "breadcrumbs":[
          {"layer":"networking","action":"mapped","category":"unhandleable","from":"HTTP 409 idempotency_key_reused","to":"HTTPClientError.conflict"},
          {"layer":"data","action":"mapped","category":"unhandleable","from":"HTTPClientError.conflict","to":"TransferRepositoryError.keyReused"},
          {"layer":"domain","action":"mapped","category":"default","from":"TransferRepositoryError.keyReused","to":"TransferError.unknown(UnknownBusinessError)"},
          {"layer":"presentation","action":"forwarded","category":"default","from":"TransferError.unknown(UnknownBusinessError)","to":"Navigation: TransferError.unknown(UnknownBusinessError)"},
          {"layer":"navigation","action":"presented","category":"default","from":"TransferError.unknown(UnknownBusinessError)","to":"alert: error.default.title [retry]"}],
         "requestID":"req-0123456789abcdef","traceID":"4bf92f3577b34da6a3ce929d0e0e4736",
         "environment":"prod","appVersion":"0.1.0","locale":"en","platform":"Linux"}
        """
}
