import AuthFeature
import DemoBackend
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// Quality bar 15: random access tokens, refresh tokens and emails run through every layer in every scenario.
/// No token appears in any log line, error description, client report, error report (as sent, and as the backend
/// groups it) or CLI output (text, JSON, Mermaid); no email appears in a log line, an error description or a
/// report (the profile screen may show the user their own email). `ERRORFLOW_LEAK_SEEDS=20` tries more seeds.
@MainActor
@Suite("No secret ever leaks", .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct SecretLeakPropertyTests {
    nonisolated static var seeds: [UInt64] {
        (0..<UInt64(TestBudget.count("ERRORFLOW_LEAK_SEEDS", short: 2))).map { 1_000 + $0 }
    }

    @Test(arguments: seeds)
    func throughEveryScenario(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let secrets = Secrets(&random)
        let capture = LogCapture()
        let collector = JourneyCollector()
        var logger = Logger(label: "leak") { _ in capture.handler() }
        logger.logLevel = .trace

        for scenario in DemoScenario.allCases {
            let known = SecretValues()
            let book = ErrorReportBook()
            let demo = DemoRun(
                options: .init(
                    appVersion: "leak", collector: collector, logger: logger,
                    backendLogger: capture.logger(label: "backend"), secrets: known, seed: secrets.seed,
                    demoUser: DemoUser(name: "Ada", email: secrets.email), errorReports: book))
            let report = await demo.run(scenario, on: scenario.plan.screen)

            // Every token the run held: the seed's, and those the backend issued at sign-in or a refresh.
            let tokens = Set([secrets.seed.accessToken, secrets.seed.refreshToken] + known.all)
                .subtracting([secrets.email])
            let outputs = [
                TextReport.render(report, trace: true, style: .plain), JSONReport.render(report),
                MermaidJourney.render(report),
            ]
            let errorTexts =
                report.journey.map(\.event.summary) + report.notes
                + [report.presentedError.map { "\($0.title) \($0.message ?? "")" } ?? ""]
            let clientReports =
                String(decoding: try JSONEncoder().encode(report.clientReports), as: UTF8.self)
                + String(decoding: try JSONEncoder().encode(report.errorReports), as: UTF8.self)
                + String(decoding: try JSONEncoder().encode(await book.all), as: UTF8.self)
            let logs = capture.lines.joined(separator: "\n")

            for token in tokens {
                for (place, text) in [("log", logs), ("error", errorTexts.joined()), ("report", clientReports)]
                    + outputs.map({ ("output", $0) })
                {
                    #expect(!text.contains(token), "a token leaked into the \(place) of \(scenario.rawValue)")
                }
            }
            for (place, text) in [("log", logs), ("error", errorTexts.joined()), ("report", clientReports)] {
                #expect(!text.contains(secrets.email), "the email leaked into the \(place) of \(scenario.rawValue)")
            }
            if scenario.plan.screen != .profile {
                #expect(!outputs.joined().contains(secrets.email), "only the profile screen shows the email")
            }
        }
        #expect(capture.lines.count > 100, "the logs were really captured: \(capture.lines.count) lines")
    }
}

/// `explain` over a report that carries what a report never should: each seed's tokens as a bearer header, a
/// `refreshToken` field and a JWT-shaped string, and its email, in every breadcrumb field, read from a file and from
/// a backend's answer alike (`ExplainedReport.read`), then written as text and JSON (with its Mermaid diagram): none
/// of them comes out.
@MainActor
@Suite("explain prints no secret a report carries", .timeLimit(.minutes(2 * TestSlowdown.factor)))
struct ExplainLeakPropertyTests {
    @Test(arguments: SecretLeakPropertyTests.seeds)
    func aReportFullOfSecretsIsExplainedWithoutThem(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let secrets = Secrets(&random)
        let jwt = "eyJhbGciOiJIUzI1NiJ9.\(secrets.seed.refreshToken).\(secrets.seed.accessToken.dropFirst(3))"
        let planted = [
            "Authorization: Bearer \(secrets.seed.accessToken)", #"{"refreshToken":"\#(secrets.seed.refreshToken)"}"#,
            "token \(jwt)", "mail \(secrets.email)",
        ]
        let crumbs = planted.map { text in
            ["layer": "networking", "action": "mapped", "category": "default", "from": text, "to": text]
        }
        let body = try JSONSerialization.data(withJSONObject: [
            "fingerprint": "TransferError.unknown/networking/-", "breadcrumbs": crumbs,
        ])

        var explanation = try Explanation.of(
            try #require(Explanation.fingerprint(from: "TransferError.unknown/networking/-")), scenarios: [],
            scenariosNote: "")
        let report: ExplainedReport = try #require(ExplainedReport.read(body))
        explanation.report = report
        let outputs = [
            ExplanationText.render(explanation, style: .plain), ExplanationText.json(explanation),
        ]

        #expect(outputs.allSatisfy { $0.contains("networking") }, "the breadcrumbs were written")
        for secret in [secrets.seed.accessToken, secrets.seed.refreshToken, jwt, secrets.email] {
            #expect(!outputs.joined().contains(secret), "\(secret) in explain's output")
        }
    }
}

/// Random tokens and an email, in realistic shapes.
struct Secrets {
    let seed: SeedSession
    let email: String

    init(_ random: inout SplitMix64) {
        func token(_ length: Int) -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            return String((0..<length).map { _ in alphabet[random.next(below: alphabet.count)] })
        }
        seed = SeedSession(accessToken: "eyJ" + token(40), refreshToken: token(32))
        email = "\(token(8).lowercased().filter(\.isLetter))x.\(random.next(below: 10_000))@example.org"
    }
}

/// Quality bar 15 at the real binary: whatever a user sees or pipes away (stdout and stderr, verbose logs on) in
/// every scenario of every screen holds no token of the demo's sessions and, outside the profile screen, not the
/// user's email. The demo mints tokens as `at-…` and `rt-…`, so any such word in the output is a leak.
@Suite("No secret in the binary's output", .serialized, .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct BinaryOutputLeakTests {
    static let tokenShape = #"\b(at|rt)-[0-9a-z]{8,}"#

    @Test(arguments: ["payments", "wallet", "signin", "profile", "transfer"], ["text", "json", "mermaid"])
    func everyScenarioOfAScreen(_ screen: String, _ format: String) async throws {
        let run = try await Binary.run(["tour", "--screen", screen, "--format", format, "--verbose"])

        #expect(run.stdout.count > 200 && run.stderr.count > 200, "the run said something: \(run.stderr.prefix(300))")
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            #expect(Self.tokens(in: text).isEmpty, "a token in \(stream): \(Self.tokens(in: text))")
            if screen != "profile" || stream == "stderr" {
                #expect(!text.contains(DemoUser.ada.email), "the email in \(stream)")
            }
        }
    }

    @Test func theTokenShapeFindsTheDemosTokens() {
        let seed = SeedSession.random()

        #expect(
            Self.tokens(in: "x \(seed.accessToken) y \(seed.refreshToken).") == [seed.accessToken, seed.refreshToken])
        #expect(Self.tokens(in: "format-text at-all rt-1").isEmpty)
    }

    static func tokens(in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: tokenShape) else { return ["(bad pattern)"] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }
}
