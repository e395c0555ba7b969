import DemoBackend
import Foundation
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// The demo's side of the CLI, as a user runs it: the tour, the scenarios, and what a scenario's run prints.
@Suite("The errorflow binary on the demo", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoCLITests {
    @Test func helpNamesTheDemosCommands() async throws {
        let run = try await Binary.run(["--help"])

        for command in ["tour", "scenarios", "serve", "load"] {
            #expect(run.stdout.contains("  \(command) "), "\(command) in --help")
        }
        #expect(run.stdout.contains("embedded demo backend"))
    }

    @Test func tourRunsEveryScenarioAndExitsZero() async throws {
        let run = try await Binary.run(["tour"])

        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.stdout.components(separatedBy: "Summary").last)
        for scenario in DemoScenarioNames.all {
            #expect(summary.contains("✔ \(scenario) "), "\(scenario) missing from the summary")
        }
        #expect(run.stdout.contains("every scenario ended as the catalog says"))
        #expect(run.stdout.contains("rate-limited waited 1.00 s"), "deliberate waits are reported")
        #expect(!run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func theTourTouchesNothingOfTheUsers() async throws {
        let home = TemporaryFolder()

        let run = try await Binary.run(["tour"], home: home.url)

        #expect(run.status == 0)
        let made = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
        #expect(made.isEmpty, "no session or outbox of the user's is made: \(made)")
    }

    @Test func jsonIsExactlyTheDocumentedObject() async throws {
        let run = try await Binary.run(["payments", "--scenario", "offline", "--format", "json"])

        #expect(run.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "scenario", "screen", "outcome", "state", "presentedError", "route", "journey", "clientReports",
                "pendingReports", "errorReports", "pendingErrorReports", "droppedReports", "exitCode",
            ])
        let presented = try #require(object["presentedError"] as? [String: Any])
        #expect(Set(presented.keys) == ["key", "title", "message", "presentation", "actions"])
        #expect(presented["presentation"] as? String == "alert")
        #expect(presented["key"] as? String == "condition.offline.title")
        let actions = try #require(presented["actions"] as? [[String: Any]])
        #expect(actions.map { $0["kind"] as? String } == ["checkConnection", "retry"])
        #expect(actions.map { $0["label"] as? String } == ["Check your connection", "Try again"])
        let journey = try #require(object["journey"] as? [[String: Any]])
        #expect(
            journey.allSatisfy {
                Set($0.keys) == ["layer", "module", "action", "from", "to", "category", "origin", "traceID"]
            })
        #expect(journey.first?["category"] as? String == "unhandleable")
        #expect(journey.first?["origin"] as? String == "transport")
        #expect(object["route"] is NSNull)
        #expect(object["exitCode"] as? Int == 3)
    }

    @Test func clientReportsInJSONNameEndpointKeyPathAndKind() async throws {
        let run = try await Binary.run(["profile", "--scenario", "profile-missing-fields", "--format", "json"])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let reports = try #require(object["clientReports"] as? [[String: String]])
        #expect(
            reports == [
                ["endpoint": "/v1/me", "keyPath": "name", "kind": "missing"],
                ["endpoint": "/v1/me", "keyPath": "email", "kind": "missing"],
            ])
    }

    @Test func mermaidIsASequenceDiagramOfTheJourney() async throws {
        let run = try await Binary.run(["payments", "--scenario", "wallet-banned", "--format", "mermaid"])

        #expect(run.stdout.hasPrefix("sequenceDiagram"))
        #expect(run.stdout.contains("backend->>networking: mapped [unhandleable] HTTP 403 wallet_banned"))
        #expect(
            run.stdout.contains(
                "networking->>data: mapped [unhandleable] HTTPClientError.forbidden → WalletRepositoryError.banned"))
    }

    @Test func traceAddsTheJourneyToTheText() async throws {
        let plain = try await Binary.run(["wallet", "--scenario", "wallet-page-no-wallet"])
        let traced = try await Binary.run(["wallet", "--scenario", "wallet-page-no-wallet", "--trace"])

        #expect(plain.status == 1 && traced.status == 1)
        #expect(plain.stdout.contains("You don't have a wallet yet"))
        #expect(!plain.stdout.contains("Journey"))
        #expect(
            traced.stdout.contains(
                "domain       mapped    [unhandleable] WalletRepositoryError.noWalletFound → WalletPageError.noWallet"))
    }

    @Test func anUnknownScenarioListsTheScreensNamesAndExits2() async throws {
        let run = try await Binary.run(["wallet", "--scenario", "no-such-scenario"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("no-such-scenario"))
        #expect(run.stderr.contains("wallet-page-happy") && run.stderr.contains("wallet-page-no-wallet"))
        #expect(!run.stderr.contains("payments-happy"))
    }

    @Test func aScenarioOfAnotherScreenIsRefusedWithThisScreensScenarios() async throws {
        let run = try await Binary.run(["payments", "--scenario", "signin-approve"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("signin-approve is a signin scenario; payments plays: payments-happy"))
        #expect(!run.stderr.contains("profile-happy"))
    }

    /// Every screen has its command, registered, and its help lists its own scenarios and no other.
    @Test(arguments: Screen.allCases)
    func eachScreensHelpListsItsScenarios(_ screen: Screen) async throws {
        let run = try await Binary.run([screen.rawValue, "--help"])

        #expect(run.status == 0, "\(run.stderr)")
        for scenario in DemoScenario.allCases {
            let listed =
                run.stdout.contains("\n  \(scenario.rawValue)\n")
                || run.stdout.contains("\n  \(scenario.rawValue) (default)\n")
            #expect(listed == (scenario.plan.screen == screen), "\(scenario.rawValue) in \(screen.rawValue) --help")
        }
    }

    @Test func transferJSONHasTheBackendsOwnCount() async throws {
        let run = try await Binary.run(["transfer", "--scenario", "transfer-timeout-replayed", "--format", "json"])

        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["backendTransfers"] as? Int == 1)
        let journey = try #require(object["journey"] as? [[String: Any]])
        #expect(journey.contains { $0["action"] as? String == "recovered" && $0["layer"] as? String == "data" })
    }

    @Test func scenariosListsEachOnOneLine() async throws {
        let run = try await Binary.run(["scenarios"])

        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == DemoScenarioNames.all.count)
        #expect(zip(lines, DemoScenarioNames.all).allSatisfy { $0.hasPrefix($1) })
    }

    @Test func withoutATerminalSignInUsesTheScriptedAnswer() async throws {
        let run = try await Binary.run(["signin", "--scenario", "signin-cancel", "--format", "json"])

        #expect(run.status == 0)
        #expect(run.stdout.contains(#""outcome" : "ignored""#))
    }
}

/// The catalog's names, from its one declaration (`DemoScenario`; `ScenarioCatalogTests` holds `docs/scenarios.md`
/// equal to it).
enum DemoScenarioNames {
    static let all = DemoScenario.allCases.map(\.rawValue)
}

@Suite("The load run", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LoadRunTests {
    @Test func stopsByItselfAndClassifiesEveryFailure() async throws {
        let run = try await Binary.run([
            "load", "--clients", "20", "--requests", "400", "--fault-rate", "0.3", "--seed", "7",
        ])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("400 calls in"))
        #expect(run.stdout.contains("p50") && run.stdout.contains("p99"))
        #expect(run.stdout.contains("unclassified errors: 0"))
        for fault in ["500 internal", "503 Retry-After 0", "429 Retry-After 0", "slow (150 ms)", "401 token_expired"] {
            #expect(run.stdout.contains(fault))
        }
        #expect(run.stdout.contains("retried"), "injected faults were recovered from on the way")
    }

    @Test func refusesNonsense() async throws {
        #expect(try await Binary.run(["load", "--fault-rate", "2"]).status == 2)
        #expect(try await Binary.run(["load", "--clients", "0"]).status == 2)
    }
}
