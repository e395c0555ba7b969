import AuthFeature
import DemoBackend
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

@testable import App

/// Quality bar 15: random access tokens, refresh tokens and emails run through every layer in every scenario.
/// No token appears in any log line, error description, client report or CLI output (text, JSON, Mermaid); no
/// email appears in a log line, an error description or a client report (the profile screen may show the user
/// their own email). `ERRORFLOW_LEAK_SEEDS=20` tries more seeds.
@MainActor
@Suite("No secret ever leaks", .timeLimit(.minutes(5)))
struct SecretLeakPropertyTests {
    nonisolated static var seeds: [UInt64] {
        let count = ProcessInfo.processInfo.environment["ERRORFLOW_LEAK_SEEDS"].flatMap(Int.init) ?? 2
        return (0..<UInt64(max(count, 1))).map { 1_000 + $0 }
    }

    @Test(arguments: seeds)
    func throughEveryScenario(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let secrets = Secrets(&random)
        let capture = LogCapture()
        let collector = JourneyCollector()
        var logger = Logger(label: "leak") { label in
            MultiplexLogHandler([JourneyLogHandler(collector: collector), capture.handler()])
        }
        logger.logLevel = .trace

        for scenario in DemoScenario.allCases {
            let folder = TemporaryFolder()
            let runner = ScenarioRunner(
                options: .init(
                    sessionFile: folder.file, appVersion: "leak", collector: collector, logger: logger,
                    backendLogger: capture.logger(label: "backend"), seed: secrets.seed,
                    demoUser: DemoUser(name: "Ada", email: secrets.email)))
            let report = await runner.run(scenario, on: scenario.plan.screen)

            var tokens = [secrets.seed.accessToken, secrets.seed.refreshToken]
            if let kept = await FileSessionStore(path: folder.file, logger: quietLogger).load() {
                tokens += [kept.accessToken, kept.refreshToken]
            }
            let outputs = [
                TextReport.render(report, trace: true, style: .plain), JSONReport.render([report]),
                MermaidJourney.render(report),
            ]
            let errorTexts =
                report.journey.map(\.event.summary) + report.notes
                + [report.presentedError.map { "\($0.title) \($0.message ?? "")" } ?? ""]
            let clientReports = String(decoding: try JSONEncoder().encode(report.clientReports), as: UTF8.self)
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
