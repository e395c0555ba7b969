import ArgumentParser
import AuthFeature
import Composition
import DemoBackend
import ErrorReports
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// `--scenario` on each screen: what it adds to the screen's help, and the client half it lays over a run against
/// the user's backend.
@MainActor
@Suite("The demo's options on the app's screens", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoOptionTests {
    @Test func aScreenWithoutWordsOfItsOwnListsItsScenarios() {
        #expect(DemoOption<PaymentsTag>.discussion(for: .payments, about: "") == ScreenHelp.scenarios(for: .payments))
    }

    @Test func theAppsWordsComeFirstThenTheScenarios() {
        #expect(
            DemoOption<SignInTag>.discussion(for: .signin, about: "Sign in.")
                == "Sign in.\n\n" + ScreenHelp.scenarios(for: .signin))
        #expect(
            DemoOption<TransferTag>.discussion(for: .transfer, about: "Send money.")
                == "Send money. Without --to and --amount a scenario sends its own form.\n\n"
                + ScreenHelp.scenarios(for: .transfer))
    }

    @Test func noScenarioPlaysNothingAgainstYourBackend() throws {
        let option = try DemoOption<PaymentsTag>.parse([])

        #expect(option.playedScenario == nil)
    }

    @Test func aScenarioLaysItsClientHalfOverARunAgainstYourBackend() throws {
        let played = try #require(try DemoOption<PaymentsTag>.parse(["--scenario", "slow-backend"]).playedScenario)
        var configuration = Self.configuration()

        played.configure(&configuration, answeringSignIn: true)

        #expect(played.name == "slow-backend")
        #expect(configuration.chain.timeout == .milliseconds(800))
    }

    @Test func aTransferScenarioSendsItsOwnForm() throws {
        let played = try #require(
            try DemoOption<TransferTag>.parse(["--scenario", "transfer-invalid-input"]).playedScenario)

        #expect(played.transferInput == TransferInput(toAccount: " ", amount: "-3", currency: "EUR", note: ""))
    }

    @Test func itsRunIsHeldToTheCatalog() throws {
        let played = try #require(try DemoOption<PaymentsTag>.parse(["--scenario", "wallet-banned"]).playedScenario)
        let report = RunReport(
            scenario: "wallet-banned", screen: .payments, environment: .dev, outcome: .content, exitCode: 0,
            screenText: "Payment methods", state: "", presentedError: nil, route: nil, journey: [], clientReports: [],
            pendingReports: .init(), elapsed: .zero, deliberateWait: .zero, notes: [])

        let check = try #require(played.check(report))

        #expect(check.summary == DemoScenario.walletBanned.plan.summary)
        #expect(!check.asExpected, "the catalog expects wallet-banned's journey, and this run recorded none")
    }

    private static func configuration() -> AppConfiguration {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return AppConfiguration(
            baseURL: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"),
            sessionStore: FileSessionStore(
                path: FileManager.default.temporaryDirectory.appendingPathComponent("never-written.json"),
                logger: logger),
            environment: .dev, applePay: PassKitApplePayService(device: .ready, logger: logger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(.approve), logger: logger), appVersion: "test",
            secrets: SecretValues(), logger: logger, transport: URLSessionHTTPClient())
    }
}
