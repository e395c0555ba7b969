import DemoBackend
import Foundation
import Navigation
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// Every screen of every scenario in the pseudo-locale: each word the user reads came through a wording catalog, in
/// the text, the JSON and the HTML report, so a literal cannot slip onto a screen.
@MainActor
@Suite("No word on any screen escapes the catalog", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct PseudoLocaleTests {
    @Test(arguments: DemoScenario.allCases, AppEnvironment.allCases)
    func everyWordOnScreenCameThroughTheCatalog(_ scenario: DemoScenario, _ environment: AppEnvironment) async throws {
        let report = await run(scenario, environment)
        let data = PseudoLocale.dataValues(in: report)

        let text = PseudoLocale.untranslated(in: report.screenText, data: data)
        #expect(text.isEmpty, "text: \(text)\n\(report.screenText)")

        let page = try HTMLReport.page([report], title: scenario.rawValue, version: "test")
        let html = PseudoLocale.untranslated(in: PseudoLocale.screen(inPage: page), data: data)
        #expect(html.isEmpty, "html: \(html)")

        let json = try PseudoLocale.untranslatedWords(inJSON: JSONReport.render(report))
        #expect(json.isEmpty, "json: \(json)")
    }

    @Test func theCheckFindsALiteral() {
        let screen = "⟦Ŵáļļéţ ~⟧\n  ⟦Báļáñçé ~~⟧ EUR 12.50\n  Status active"

        #expect(PseudoLocale.untranslated(in: screen, data: ["EUR 12.50"]) == ["Status", "active"])
    }

    private func run(_ scenario: DemoScenario, _ environment: AppEnvironment) async -> RunReport {
        let collector = JourneyCollector()
        return await DemoRun(
            options: .init(
                environment: environment, appVersion: "test", collector: collector,
                logger: quietLogger, backendLogger: quietLogger,
                language: .pseudo)
        ).run(scenario, on: scenario.plan.screen)
    }
}

/// The German tour, the pseudo-locale's tour, and the language on the wire.
@Suite("The tour in every shipped language", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LanguageTourTests {
    @Test(arguments: [
        (["--locale", "de"], [String: String](), "Zahlungsmethoden"),
        (["--locale", "en-XA"], [:], "⟦Páýméñţ méţĥödš"), ([], ["LANG": "de_DE.UTF-8"], "Zahlungsmethoden"),
    ])
    func theTourSpeaksTheLanguageAndStillEndsAsTheCatalogSays(
        _ arguments: [String], _ environment: [String: String], _ word: String
    ) async throws {
        let run = try await Binary.run(["tour", "--screen", "payments"] + arguments, environment: environment)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("every scenario ended as the catalog says"))
        #expect(run.stdout.contains(word))
    }

    @Test func anUnshippedLocaleIsAUsageError() async throws {
        let run = try await Binary.run(["payments", "--locale", "fr"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--locale fr is not a language errorflow ships"))
    }

    @Test func everyPresentedScenarioOffersItsActionsInJSON() async throws {
        for (scenario, kinds) in Self.presentedActions {
            let plan = try #require(DemoScenario(rawValue: scenario)).plan
            let run = try await Binary.run([plan.screen.rawValue, "--scenario", scenario, "--format", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let presented = try #require(object["presentedError"] as? [String: Any], "\(scenario)")
            let actions = try #require(presented["actions"] as? [[String: Any]], "\(scenario)")

            #expect(actions.map { $0["kind"] as? String } == kinds, "\(scenario)")
            #expect(actions.allSatisfy { ($0["label"] as? String)?.isEmpty == false }, "\(scenario)")
        }
    }

    /// Each presented scenario of the catalog and the ways out its screen offers, in order.
    static let presentedActions: KeyValuePairs<String, [String?]> = [
        "payments-unexpected": ["retry", "copyRequestID"], "offline": ["checkConnection", "retry"],
        "slow-backend": ["retry"], "wallet-page-no-wallet": ["createWallet"],
        "wallet-page-unavailable": ["retry", "copyRequestID"], "signin-failed": ["retry"], "signin-unknown": ["retry"],
        "signin-banned": ["contactSupport"], "profile-broken": ["retry"],
        "profile-unavailable": ["retry", "copyRequestID"], "transfer-insufficient-funds": ["sendLess", "openWallet"],
        "transfer-key-reused": ["contactSupport", "copyRequestID"], "transfer-offline": ["checkConnection", "retry"],
        "transfer-invalid-input": ["fixFields"], "transfer-invalid-fields": ["fixFields"],
    ]
}

/// What the pseudo-locale check reads: the words outside the catalog's brackets that are not the backend's or the
/// user's data.
enum PseudoLocale {
    /// The keys of a screen's state whose strings are data (what the backend sent or the user typed), never words.
    static let dataKeys: Set = [
        "balance", "id", "last4", "expiry", "holderName", "signedInAs", "name", "email", "avatarURL", "toAccount",
        "amount", "currency", "note",
    ]

    /// The data strings of the run's state.
    static func dataValues(in report: RunReport) -> [String] {
        guard
            let json = try? JSONSerialization.jsonObject(with: JSONReport.render(report).data(using: .utf8) ?? Data()),
            let state = (json as? [String: Any])?["state"]
        else { return [] }
        var found: [String] = []
        func walk(_ value: Any, key: String?) {
            switch value {
            case let object as [String: Any]: for (key, value) in object { walk(value, key: key) }
            case let list as [Any]: for value in list { walk(value, key: key) }
            case let text as String where key.map(dataKeys.contains) == true: found.append(text)
            default: break
            }
        }
        walk(state, key: nil)
        return found.sorted { $0.count > $1.count }
    }

    /// The words left in `text` once the catalog's bracketed words, the developer detail (DEV only, English by
    /// design) and `data` are taken out.
    static func untranslated(in text: String, data: [String]) -> [String] {
        var rest = text.split(separator: "\n").filter { !$0.contains("Developer detail (DEV only)") }
            .joined(separator: "\n")
        while let open = rest.firstIndex(of: "⟦"), let close = rest[open...].firstIndex(of: "⟧") {
            rest.removeSubrange(open...close)
        }
        for value in data where !value.isEmpty { rest = rest.replacingOccurrences(of: value, with: " ") }
        return rest.split(whereSeparator: { !$0.isLetter }).map(String.init)
    }

    /// The screen's text in an HTML report page, unescaped.
    static func screen(inPage page: String) -> String {
        guard let start = page.range(of: "<pre>"),
            let end = page.range(of: "</pre>", range: start.upperBound..<page.endIndex)
        else { return "" }
        return String(page[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The words of the JSON's user-facing strings (titles, messages, action labels, field problems) that did not
    /// come through the catalog.
    static func untranslatedWords(inJSON json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var words: [String] = []
        func walk(_ value: Any, key: String?) {
            switch value {
            case let object as [String: Any]:
                for (key, value) in object where key != "journey" { walk(value, key: key) }
            case let list as [Any]: for value in list { walk(value, key: key) }
            case let text as String where ["title", "message", "label"].contains(key ?? ""):
                words += untranslated(in: text, data: [])
            default: break
            }
        }
        walk(object, key: nil)
        if let fields = ((object as? [String: Any])?["state"] as? [String: Any])?["fieldErrors"] as? [String: String] {
            for problem in fields.values { words += untranslated(in: problem, data: []) }
        }
        return words
    }
}
