import Foundation
import TestSupport
import Testing

/// `errorflow-app`: the app's commands alone. Every screen runs against `--base-url`, and nothing of the demo is
/// there to run, to choose or to read about.
@Suite("The app's own executable", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct AppAloneTests {
    static let screens = ["payments", "wallet", "signin", "profile", "transfer"]

    @Test(arguments: screens)
    func aScreenWithoutABaseURLIsRefusedInOneLine(_ screen: String) async throws {
        let run = try await Binary.run([screen])

        #expect(run.status == 2)
        #expect(run.stderr == "errorflow-app: give the URL of your backend with --base-url\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func itsHelpListsTheAppsCommandsAndNoneOfTheDemos() async throws {
        let run = try await Binary.run(["--help"])

        #expect(run.status == 0)
        for command in Self.screens + ["session"] {
            #expect(run.stdout.contains("  \(command) "), "\(command) in --help")
        }
        for command in ["tour", "scenarios", "serve", "load"] {
            #expect(!run.stdout.contains("  \(command) "), "\(command) is the demo's")
        }
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Every screen runs against your backend at --base-url"))
        #expect(!words.lowercased().contains("demo"), "\(run.stdout)")
    }

    @Test(arguments: screens)
    func noScreenTakesAScenarioOrSpeaksOfTheDemo(_ screen: String) async throws {
        let help = try await Binary.run([screen, "--help"])
        let run = try await Binary.run([screen, "--scenario", "payments-happy"])

        #expect(help.status == 0)
        #expect(!help.stdout.contains("--scenario"))
        #expect(!help.stdout.lowercased().contains("demo"), "\(help.stdout)")
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown option '--scenario'"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--timeout", "3"], "--timeout is for --base-url runs: give the URL of your backend with --base-url"),
        (
            ["--session-file", "/tmp/x.json"],
            "--session-file is for --base-url runs: give the URL of your backend with --base-url"
        ),
    ])
    func anOptionOfABaseURLRunWithoutOneIsRefused(_ option: [String], _ refusal: String) async throws {
        let run = try await Binary.run(["payments"] + option)

        #expect(run.status == 2)
        #expect(run.stderr.contains(refusal), "\(run.stderr)")
    }

    @Test func aScreensJSONKeysComeSorted() async throws {
        let home = TemporaryFolder()
        let run = try await Binary.run(
            ["payments", "--base-url", "http://127.0.0.1:9", "--format", "json"], home: home.url)

        let keys = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            String($0.dropFirst(3).prefix { $0 != "\"" })
        }
        #expect(keys.count >= 10, "\(run.stdout)")
        #expect(keys == keys.sorted(), "the top level's keys, in order")
    }
}
