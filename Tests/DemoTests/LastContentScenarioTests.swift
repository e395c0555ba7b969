import Foundation
import TestSupport
import Testing

/// The four last-content scenarios as a user runs them, in every format that shows a screen, in English and German:
/// the last content with its age and "Try again" (exit 5), or the network alert as before (exit 3).
@Suite(
    "Last content: the scenarios in text, JSON and HTML, English and German",
    .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LastContentScenarioTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scenario: String
        var format: String
        var locale: String

        var testDescription: String { "\(scenario) --format \(format) --locale \(locale)" }

        var showsLastContent: Bool { scenario == "offline-last-content" }
    }

    static let cases: [Case] = [
        "offline-last-content", "offline-nothing-cached", "offline-cache-expired", "offline-cache-other-user",
    ].flatMap { scenario in
        ["text", "json", "html"].flatMap { format in
            ["en", "de"].map { Case(scenario: scenario, format: format, locale: $0) }
        }
    }

    @Test(arguments: cases)
    func showsTheLastContentOrTheAlertAsBefore(_ given: Case) async throws {
        let run = try await Binary.run([
            "wallet", "--scenario", given.scenario, "--format", given.format, "--locale", given.locale,
        ])

        let german = given.locale == "de"
        if given.showsLastContent {
            #expect(run.status == 5, "\(run.stdout)\(run.stderr)")
            let notice = german ? "Du siehst den Stand von " : "Showing content from "
            let offline = german ? "du bist offline." : "you are offline."
            let tryAgain = german ? "Erneut versuchen" : "Try again"
            #expect(run.stdout.contains(notice) && run.stdout.contains(offline), "\(run.stdout)")
            #expect(run.stdout.contains(tryAgain), "\(run.stdout)")
            #expect(run.stdout.contains(german ? "9,75" : "9.75"), "the kept balance: \(run.stdout)")
        } else {
            #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains(german ? "Kein Netzwerk" : "Network unavailable"), "\(run.stdout)")
            #expect(!run.stdout.contains("9.75") && !run.stdout.contains("9,75"), "nothing kept is shown")
        }
        if given.format == "json" {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(object["outcome"] as? String == (given.showsLastContent ? "lastContent" : "presented"))
            let notice = (object["state"] as? [String: Any])?["notice"] as? [String: Any]
            #expect((notice?["key"] as? String) == (given.showsLastContent ? "payments.lastContent.offline" : nil))
        }
    }
}
