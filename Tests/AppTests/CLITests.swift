import Foundation
import SharedError
import Testing

@testable import App

/// The CLI as a user runs it: the built binary, its output and its exit codes.
@Suite("The errorflow binary", .timeLimit(.minutes(2)))
struct CLITests {
    @Test func tourRunsEveryScenarioAndExitsZero() throws {
        let run = try Binary.run(["tour"])

        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.stdout.components(separatedBy: "Summary").last)
        for scenario in DemoScenarioNames.all {
            #expect(summary.contains("✔ \(scenario) "), "\(scenario) missing from the summary")
        }
        #expect(run.stdout.contains("every scenario ended as the catalog says"))
        #expect(run.stdout.contains("rate-limited waited 1.00 s"), "deliberate waits are reported")
        #expect(!run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test(arguments: ["wallet-banned", "token-expired", "cards-partly-invalid"])
    func scenariosRunAgainstASeparatelyStartedServe(_ scenario: String) throws {
        let server = try Binary.Server(scenario: scenario)
        let folder = TemporaryFolder()

        let run = try Binary.run([
            "payments", "--scenario", scenario, "--base-url", server.baseURL, "--format", "json", "--session-file",
            folder.file.path,
        ])
        #expect(server.stop() == 0, "serve stops cleanly on SIGINT")

        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == scenario)
        #expect(object["outcome"] as? String == "content")
        let journey = try #require(object["journey"] as? [[String: Any]])
        switch scenario {
        case "wallet-banned": #expect(journey.contains { $0["to"] as? String == "WalletRepositoryError.banned" })
        case "token-expired": #expect(journey.contains { $0["action"] as? String == "recovered" })
        default: #expect((object["clientReports"] as? [[String: Any]])?.count == 3)
        }
    }

    @Test func jsonIsExactlyTheDocumentedObject() throws {
        let run = try Binary.run(["payments", "--scenario", "offline", "--format", "json"])

        #expect(run.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "scenario", "screen", "outcome", "state", "presentedError", "route", "journey", "clientReports",
                "exitCode",
            ])
        let presented = try #require(object["presentedError"] as? [String: Any])
        #expect(Set(presented.keys) == ["title", "message", "presentation"])
        #expect(presented["presentation"] as? String == "alert")
        let journey = try #require(object["journey"] as? [[String: Any]])
        #expect(journey.allSatisfy { Set($0.keys) == ["layer", "module", "action", "from", "to"] })
        #expect(object["route"] is NSNull)
        #expect(object["exitCode"] as? Int == 3)
    }

    @Test func clientReportsInJSONNameEndpointKeyPathAndKind() throws {
        let run = try Binary.run(["profile", "--scenario", "profile-missing-fields", "--format", "json"])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let reports = try #require(object["clientReports"] as? [[String: String]])
        #expect(
            reports == [
                ["endpoint": "/v1/me", "keyPath": "name", "kind": "missing"],
                ["endpoint": "/v1/me", "keyPath": "email", "kind": "missing"],
            ])
    }

    @Test func mermaidIsASequenceDiagramOfTheJourney() throws {
        let run = try Binary.run(["payments", "--scenario", "wallet-banned", "--format", "mermaid"])

        #expect(run.stdout.hasPrefix("sequenceDiagram"))
        #expect(
            run.stdout.contains("networking->>data: mapped HTTPClientError.forbidden → WalletRepositoryError.banned"))
    }

    @Test func traceAddsTheJourneyToTheText() throws {
        let plain = try Binary.run(["wallet", "--scenario", "wallet-page-no-wallet"])
        let traced = try Binary.run(["wallet", "--scenario", "wallet-page-no-wallet", "--trace"])

        #expect(plain.status == 1 && traced.status == 1)
        #expect(plain.stdout.contains("You don't have a wallet yet"))
        #expect(!plain.stdout.contains("Journey"))
        #expect(
            traced.stdout.contains(
                "domain       mapped    WalletRepositoryError.noWalletFound → WalletPageError.noWallet"))
    }

    @Test func anUnknownScenarioListsTheValidNamesAndExits2() throws {
        let run = try Binary.run(["payments", "--scenario", "no-such-scenario"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("no-such-scenario"))
        #expect(DemoScenarioNames.all.allSatisfy { run.stderr.contains($0) })
    }

    @Test(arguments: ["not a url", "ftp://host", "http://", "127.0.0.1:8080"])
    func aMalformedBaseURLExits2(_ value: String) throws {
        let run = try Binary.run(["payments", "--base-url", value])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--base-url"))
    }

    @Test func anUnreachableBackendIsTheNetworkUnavailableMessageWithExit3() throws {
        let run = try Binary.run(["payments", "--base-url", "http://127.0.0.1:9"])

        #expect(run.status == 3)
        #expect(run.stdout.contains("Network unavailable"))
    }

    @Test func anUnwritableSessionPathSaysSoAndTheRunGoesOnSignedOut() throws {
        let run = try Binary.run(["profile", "--session-file", "/proc/errorflow/session.json"])

        #expect(run.status == 1)
        #expect(run.stdout.contains("cannot write the session file /proc/errorflow/session.json"))
        #expect(run.stdout.contains("routed to sign-in"))
    }

    @Test func theSessionFileLivesInTheUsersConfigDirectoryByDefault() throws {
        let folder = TemporaryFolder()

        let run = try Binary.run(["profile"], environment: ["XDG_CONFIG_HOME": folder.url.path])

        #expect(run.status == 0)
        let file = folder.url.appendingPathComponent("errorflow/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test(arguments: [["frobnicate"], ["payments", "--frobnicate"], ["--env", "staging", "payments"]])
    func usageErrorsExit2WithTheUsage(_ arguments: [String]) throws {
        let run = try Binary.run(arguments)

        #expect(run.status == 2)
        #expect(run.stderr.contains("Usage:"))
    }

    @Test func helpExplainsTheCommandsAndTheExitCodes() throws {
        let run = try Binary.run(["--help"])

        #expect(run.status == 0)
        for command in ["tour", "scenarios", "payments", "wallet", "signin", "profile", "serve"] {
            #expect(run.stdout.contains(command))
        }
        #expect(run.stdout.contains("3 the backend could not be reached"))
    }

    @Test func scenariosListsEachOnOneLine() throws {
        let run = try Binary.run(["scenarios"])

        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == DemoScenarioNames.all.count)
        #expect(zip(lines, DemoScenarioNames.all).allSatisfy { $0.hasPrefix($1) })
    }

    @Test func withoutATerminalSignInUsesTheScriptedAnswer() throws {
        let run = try Binary.run(["signin", "--scenario", "signin-cancel", "--format", "json"])

        #expect(run.status == 0)
        #expect(run.stdout.contains(#""outcome" : "ignored""#))
    }

    @Test(arguments: [
        (true, [String: String](), true), (false, [:], false), (true, ["NO_COLOR": "1"], false),
        (true, ["TERM": "dumb"], false), (true, ["NO_COLOR": ""], true),
    ])
    func colourOnlyOnATerminalAndNeverWithNoColor(_ isTerminal: Bool, _ environment: [String: String], _ colour: Bool) {
        #expect(Console.style(isTerminal: isTerminal, environment: environment).usesColor == colour)
    }
}

/// The catalog's names, as the document spells them.
enum DemoScenarioNames {
    static let all = [
        "payments-happy", "wallet-missing", "wallet-banned", "wallet-in-review", "cards-service-down",
        "cards-partly-invalid", "apple-pay-needs-setup", "apple-pay-unavailable", "no-payment-methods",
        "payments-unexpected", "offline", "server-flaky", "rate-limited", "slow-backend", "token-expired",
        "session-revoked", "wallet-page-happy", "wallet-page-no-wallet", "signin-approve", "signin-cancel",
        "signin-failed", "signin-unknown", "signin-banned", "profile-happy", "profile-missing-fields",
        "profile-invalid-avatar", "profile-broken",
    ]
}

@Suite("The load run", .timeLimit(.minutes(2)))
struct LoadRunTests {
    @Test func stopsByItselfAndClassifiesEveryFailure() throws {
        let run = try Binary.run(["load", "--clients", "20", "--requests", "400", "--fault-rate", "0.3", "--seed", "7"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("400 calls in"))
        #expect(run.stdout.contains("p50") && run.stdout.contains("p99"))
        #expect(run.stdout.contains("unclassified errors: 0"))
        for fault in ["500 internal", "503 Retry-After 0", "429 Retry-After 0", "slow (150 ms)", "401 token_expired"] {
            #expect(run.stdout.contains(fault))
        }
        #expect(run.stdout.contains("retried"), "injected faults were recovered from on the way")
    }

    @Test func refusesNonsense() throws {
        #expect(try Binary.run(["load", "--fault-rate", "2"]).status == 2)
        #expect(try Binary.run(["load", "--clients", "0"]).status == 2)
    }
}
