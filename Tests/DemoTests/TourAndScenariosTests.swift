import DemoBackend
import Foundation
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// Part of the tour, its JSON, the scenario list, and the small things a user trips on.
@Suite("The tour's options and the scenario list", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct TourAndScenariosTests {
    @Test func onlyRunsTheNamedScenarios() async throws {
        let run = try await Binary.run(["tour", "--only", "wallet-banned,offline"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("━━ wallet-banned") && run.stdout.contains("━━ offline"))
        #expect(run.stdout.components(separatedBy: "━━ ").count == 3)
        #expect(run.stdout.contains("2 scenarios in"))
    }

    @Test func screenRunsThatScreensScenariosAndJSONSaysExpectedAndActual() async throws {
        let run = try await Binary.run(["tour", "--screen", "transfer", "--format", "json"])

        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(summary["scenarios"] as? Int == DemoScenario.scenarios(for: .transfer).count)
        #expect(summary["asExpected"] as? Int == scenarios.count)
        #expect((summary["strayed"] as? [String])?.isEmpty == true)
        #expect(
            Set(summary.keys) == [
                "environment", "scenarios", "asExpected", "strayed", "elapsedSeconds", "deliberateWaitSeconds",
            ])
        for entry in scenarios {
            #expect(entry["screen"] as? String == "transfer")
            #expect(
                Set(entry.keys) == ["scenario", "screen", "asExpected", "differences", "expected", "actual", "run"])
            let expected = try #require(entry["expected"] as? [String: Any])
            let actual = try #require(entry["actual"] as? [String: Any])
            #expect(expected["journey"] as? NSDictionary == actual["journey"] as? NSDictionary)
            #expect(expected["backendTransfers"] as? Int == actual["backendTransfers"] as? Int)
        }
    }

    @Test(arguments: [["tour", "--only", "no-such-scenario"], ["tour", "--only", "offline", "--screen", "wallet"]])
    func aTourWithNothingToRunIsAUsageError(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments)

        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count <= 3, "\(run.stderr)")
    }

    @Test func scenariosForOneScreen() async throws {
        let run = try await Binary.run(["scenarios", "--screen", "wallet"])

        let lines = run.stdout.split(separator: "\n")
        #expect(lines.map { String($0.prefix { $0 != " " }) } == DemoScenario.scenarios(for: .wallet).map(\.rawValue))
        #expect(lines.allSatisfy { $0.contains(" wallet ") && $0.contains(", exit ") })
    }

    @Test func scenariosAsJSON() async throws {
        let run = try await Binary.run(["scenarios", "--format", "json"])

        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == DemoScenarioNames.all)
        for item in list {
            let expected = try #require(item["expected"] as? [String: Any])
            #expect(
                expected["outcome"] is String && expected["exitCode"] is Int && expected["journey"] is [String: Any])
            #expect(item["screen"] is String && item["summary"] is String)
        }
    }

    @Test func helpForACommandThatDoesNotExistIsAUsageError() async throws {
        let unknown = try await Binary.run(["help", "frob"])
        let known = try await Binary.run(["help", "session"])

        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no command 'frob'"))
        #expect(known.status == 0)
        #expect(known.stdout.contains("session"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func shellCompletionCanBeGenerated(_ shell: String) async throws {
        let run = try await Binary.run(["--generate-completion-script", shell])

        #expect(run.status == 0)
        #expect(run.stdout.contains("tour") && run.stdout.contains("transfer"))
    }
}
