import Decoding
import DemoBackend
import ErrorReports
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// What each scenario must end with (outcome, exit code, journey steps, client reports), written out here so the app
/// is checked against a fixed expectation, not against its own plan.
struct Expectation: Sendable, CustomTestStringConvertible {
    var scenario: DemoScenario
    var outcome: String
    var exitCode: Int32
    /// Steps that must be in the journey, as `layer action from → to`.
    var steps: [String] = []
    /// Client reports that must have been sent, as `endpoint keyPath kind`.
    var reports: [String] = []
    /// Text that must be on the screen.
    var screen: [String] = []
    var journeyIsEmpty = false
    /// How many transfers the demo backend holds at the end, by its own count (transfer scenarios).
    var backendTransfers: Int?

    var testDescription: String { scenario.rawValue }

    static let all: [Expectation] = [
        .init(
            scenario: .paymentsHappy, outcome: "content", exitCode: 0, screen: ["Wallet", "4242", "4444", "Apple Pay"],
            journeyIsEmpty: true),
        .init(
            scenario: .walletMissing, outcome: "content", exitCode: 0,
            steps: [
                "networking mapped HTTP 404 wallet_not_found → HTTPClientError.notFound",
                "domain omitted WalletRepositoryError.noWalletFound → nil",
            ]),
        .init(
            scenario: .walletBanned, outcome: "content", exitCode: 0,
            steps: [
                "data mapped HTTPClientError.forbidden → WalletRepositoryError.banned",
                "domain omitted WalletRepositoryError.banned → nil",
            ]),
        .init(
            scenario: .walletInReview, outcome: "content", exitCode: 0,
            steps: ["domain omitted WalletRepositoryError.inReview(pending) → nil"]),
        .init(
            scenario: .cardsServiceDown, outcome: "content", exitCode: 0,
            steps: ["data mapped HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown"]
        ),
        .init(
            scenario: .cardsPartlyInvalid, outcome: "content", exitCode: 0,
            reports: [
                "/v1/payment-cards cards[1].expiryMonth invalid", "/v1/payment-cards cards[2].last4 missing",
                "/v1/payment-cards cards[3].brand novel",
            ],
            screen: ["Visa ···· 4242", "Card ···· 3000"]),
        .init(
            scenario: .applePayNeedsSetup, outcome: "content", exitCode: 0, screen: ["needs setup"],
            journeyIsEmpty: true),
        .init(
            scenario: .applePayUnavailable, outcome: "content", exitCode: 0,
            steps: ["vendor mapped PassKit canMakePayments() false → ApplePayError.serviceNotAvailable"]),
        .init(
            scenario: .noPaymentMethods, outcome: "empty", exitCode: 0,
            steps: ["domain mapped no payment method left → PaymentMethodsError.noPaymentMethodsFound"],
            screen: ["No payment methods"]),
        .init(
            scenario: .paymentsUnexpected, outcome: "presented", exitCode: 1,
            steps: [
                "domain mapped no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
                "navigation presented PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
            ],
            screen: ["Something went wrong", "Developer detail"]),
        .init(
            scenario: .offline, outcome: "presented", exitCode: 3,
            steps: [
                "networking mapped … → HTTPClientError.offline",
                "navigation presented AppWideCondition.offline → alert: condition.offline.title [checkConnection, retry]",
            ]),
        .init(
            scenario: .serverFlaky, outcome: "content", exitCode: 0,
            steps: [
                "networking retried HTTPClientError.server(503) → attempt 2 of GET /v1/payment-cards after 0.00 s",
                "networking retried HTTPClientError.server(503) → attempt 3 of GET /v1/payment-cards after 0.00 s",
            ]),
        .init(
            scenario: .rateLimited, outcome: "content", exitCode: 0,
            steps: ["networking retried HTTPClientError.tooManyRequests → attempt 2 of GET /v1/wallet after 1.00 s"]),
        .init(
            scenario: .slowBackend, outcome: "presented", exitCode: 1,
            steps: [
                "networking mapped deadline … → HTTPClientError.timedOut",
                "navigation presented AppWideCondition.timedOut → alert: condition.timedOut.title [retry]",
            ]),
        .init(
            scenario: .tokenExpired, outcome: "content", exitCode: 0,
            steps: [
                "networking recovered HTTPClientError.unauthorized(token_expired) → access token refreshed once for 2 waiting requests",
                "networking retried HTTPClientError.unauthorized(token_expired) → replayed GET /v1/wallet with the new token",
                "networking retried HTTPClientError.unauthorized(token_expired) → replayed GET /v1/payment-cards with the new token",
            ]),
        .init(
            scenario: .sessionRevoked, outcome: "routed", exitCode: 1,
            steps: [
                "networking mapped refresh answered invalid_grant → HTTPClientError.sessionExpired",
                "navigation routed AppWideCondition.sessionExpired → signIn",
            ]),
        .init(scenario: .walletPageHappy, outcome: "content", exitCode: 0, screen: ["EUR 12.50"], journeyIsEmpty: true),
        .init(
            scenario: .walletPageNoWallet, outcome: "presented", exitCode: 1,
            steps: ["presentation presented WalletPageError.noWallet → inline: wallet.noWallet.title [createWallet]"],
            screen: ["Create a wallet"]),
        .init(
            scenario: .walletPageUnavailable, outcome: "presented", exitCode: 1,
            steps: [
                "domain mapped WalletRepositoryError.unavailable → WalletPageError.unknown(UnknownBusinessError)",
                "navigation presented WalletPageError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
            ],
            screen: ["Developer detail"]),
        .init(
            scenario: .offlineLastContent, outcome: "lastContent", exitCode: 5,
            steps: [
                "networking mapped … → HTTPClientError.offline",
                "data mapped HTTPClientError.offline → WalletRepositoryError.appWide(AppWideCondition.offline)",
                "data recovered WalletRepositoryError.appWide(AppWideCondition.offline) → last content from …",
            ],
            screen: ["EUR 9.75", "Showing content from ", " — you are offline.", "Try again"]),
        .init(
            scenario: .offlineNothingCached, outcome: "presented", exitCode: 3,
            steps: [
                "navigation presented AppWideCondition.offline → alert: condition.offline.title [checkConnection, retry]"
            ]),
        .init(
            scenario: .offlineCacheExpired, outcome: "presented", exitCode: 3,
            steps: [
                "navigation presented AppWideCondition.offline → alert: condition.offline.title [checkConnection, retry]"
            ]),
        .init(
            scenario: .offlineCacheOtherUser, outcome: "presented", exitCode: 3,
            steps: [
                "navigation presented AppWideCondition.offline → alert: condition.offline.title [checkConnection, retry]"
            ]),
        .init(
            scenario: .signinApprove, outcome: "content", exitCode: 0, screen: ["Signed in as Ada Lovelace"],
            journeyIsEmpty: true),
        .init(
            scenario: .signinCancel, outcome: "ignored", exitCode: 0,
            steps: ["presentation ignored SignInError.cancelled → nil"]),
        .init(
            scenario: .signinFailed, outcome: "presented", exitCode: 1,
            steps: ["presentation presented SignInError.failed → indicator: signin.failed.title [retry]"]),
        .init(
            scenario: .signinUnknown, outcome: "presented", exitCode: 1,
            steps: ["presentation presented SignInError.unknown → indicator: signin.unknown.title [retry]"],
            screen: ["with an unknown reason"]),
        .init(
            scenario: .signinBanned, outcome: "presented", exitCode: 1,
            steps: [
                "networking mapped HTTP 403 account_banned → HTTPClientError.forbidden",
                "data mapped HTTPClientError.forbidden → SignInError.banned",
            ]),
        .init(
            scenario: .profileHappy, outcome: "content", exitCode: 0, screen: ["Ada Lovelace", "ada@example.com"],
            journeyIsEmpty: true),
        .init(
            scenario: .profileMissingFields, outcome: "content", exitCode: 0,
            reports: ["/v1/me name missing", "/v1/me email missing"],
            screen: ["Unnamed user"]),
        .init(scenario: .profileInvalidAvatar, outcome: "content", exitCode: 0, reports: ["/v1/me avatarURL invalid"]),
        .init(
            scenario: .profileBroken, outcome: "presented", exitCode: 1,
            steps: ["data mapped DecodingFailure.missing(id) → ProfileRepositoryError.malformed(id)"],
            reports: ["/v1/me id missing"],
            screen: ["Your profile could not be loaded"]),
        .init(
            scenario: .profileUnavailable, outcome: "presented", exitCode: 1,
            steps: [
                "navigation presented ProfileRepositoryError.unavailable → alert: error.default.title [retry, copyRequestID]"
            ],
            screen: ["Developer detail"]),
        .init(
            scenario: .transferHappy, outcome: "content", exitCode: 0, screen: ["✔ t-1 completed · EUR 12.50"],
            journeyIsEmpty: true, backendTransfers: 1),
        .init(
            scenario: .transferInvalidInput, outcome: "presented", exitCode: 1,
            steps: [
                "domain mapped the form before sending → TransferError.invalid(toAccount,amount)",
                "presentation presented TransferError.invalid(toAccount,amount) → inline: toAccount, amount",
            ],
            screen: ["Enter the account to send to.", "Enter an amount above zero."],
            backendTransfers: 0),
        .init(
            scenario: .transferInvalidFields, outcome: "presented", exitCode: 1,
            steps: [
                "data mapped HTTPClientError.unexpectedStatus(422) → TransferRepositoryError.rejected(amount,toAccount,note)"
            ],
            screen: [
                "That's more than you can send at once.", "This isn't an account we can send to.", "Check the note.",
            ], backendTransfers: 0),
        .init(
            scenario: .transferInsufficientFunds, outcome: "presented", exitCode: 1,
            steps: [
                "presentation presented TransferError.insufficientFunds → alert: transfer.insufficientFunds.title [sendLess, openWallet]"
            ],
            backendTransfers: 0),
        .init(
            scenario: .transferTimeoutReplayed, outcome: "content", exitCode: 0,
            steps: [
                "networking mapped … → HTTPClientError.connectionLost",
                "data recovered POST /v1/transfers answered on attempt 2 → made once: every attempt carried the same Idempotency-Key",
            ],
            screen: ["✔ t-1 completed"], backendTransfers: 1),
        .init(
            scenario: .transferKeyReused, outcome: "presented", exitCode: 1,
            steps: [
                "data mapped HTTPClientError.conflict → TransferRepositoryError.keyReused",
                "navigation presented TransferError.unknown(UnknownBusinessError) → alert: error.default.title [contactSupport, copyRequestID]",
            ], backendTransfers: 0),
        .init(
            scenario: .transferPending, outcome: "content", exitCode: 0,
            screen: ["✔ t-1 pending", "On its way: the transfer is pending."], journeyIsEmpty: true, backendTransfers: 1
        ),
        .init(
            scenario: .transferOffline, outcome: "presented", exitCode: 3,
            steps: ["data mapped HTTPClientError.offline → TransferRepositoryError.notSent"],
            screen: ["You're offline", "Nothing was sent."], backendTransfers: 0),
        .init(
            scenario: .transferSessionEnds, outcome: "routed", exitCode: 1,
            steps: ["navigation routed AppWideCondition.sessionExpired → signIn"],
            screen: ["DE89 3704 0044 0532 0130 00", "12.50", "Routed to sign-in"], backendTransfers: 0),
        // new-feature: expectations
    ]
}

@MainActor
@Suite("Every scenario through the composed app", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ScenarioCatalogTests {
    @Test func theCatalogHereCoversEveryScenario() {
        #expect(Expectation.all.map(\.scenario) == DemoScenario.allCases)
    }

    /// `docs/scenarios.md`: every scenario, in order, on its screen, with its exit code.
    @Test func theDocsListEveryScenarioAsThePlanSays() throws {
        let markdown = try String(
            contentsOf: ArchitectureDocument.root.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| scenario ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }

        #expect(rows.map { $0.first ?? "" } == DemoScenario.allCases.map(\.rawValue))
        for row in rows {
            let scenario = try #require(DemoScenario(rawValue: row[0]))
            #expect(row[1] == scenario.plan.screen.rawValue, "\(row[0])'s screen")
            #expect(row.last?.hasSuffix("(\(scenario.plan.expectedExitCode))") == true, "\(row[0])'s exit code")
        }
    }

    @Test(arguments: Expectation.all)
    func endsAsTheCatalogSays(_ expected: Expectation) async throws {
        let report = await demo().run(expected.scenario, on: expected.scenario.plan.screen)

        let journey = report.journey.map {
            "\($0.event.layer.rawValue) \($0.event.action.rawValue) \($0.event.from) → \($0.event.to ?? "nil")"
        }
        #expect(report.outcome.rawValue == expected.outcome, "\(journey.joined(separator: "\n"))")
        #expect(report.exitCode == expected.exitCode)
        // A `…` stands for the transport's own name of a failure, which is the platform's (URLSession, SwiftNIO), or
        // for where a deadline was noticed: "passed during transfer", or "already passed" on a machine so loaded (the
        // thread sanitizer in CI) that the deadline ends before the request leaves.
        for step in expected.steps {
            let parts = step.components(separatedBy: "…")
            let found = journey.contains { line in
                parts.count == 2 ? line.hasPrefix(parts[0]) && line.hasSuffix(parts[1]) : line == step
            }
            #expect(found, "missing step: \(step)\nin: \(journey.joined(separator: "\n"))")
        }
        if expected.journeyIsEmpty {
            #expect(journey.isEmpty, "\(journey)")
        }
        let reports = report.clientReports.flatMap { sent in
            sent.failures.map { "\(sent.endpoint) \($0.keyPath) \($0.kind.rawValue)" }
        }
        #expect(reports == expected.reports)
        for text in expected.screen {
            #expect(report.screenText.contains(text), "\(report.screenText)")
        }
        #expect(report.backendTransfers == expected.backendTransfers, "the backend's own count of transfers")
    }

    /// What JSON gives as the presented error's actions, the text shows as `→ …` lines: the way out is never only
    /// in one format.
    @Test(arguments: Expectation.all.filter { $0.outcome == "presented" })
    func everyPresentedErrorShowsItsWayOutInText(_ expected: Expectation) async throws {
        let report = await demo().run(expected.scenario, on: expected.scenario.plan.screen)

        let actions = try #require(report.presentedError?.actions.map(\.label))
        #expect(!actions.isEmpty)
        #expect(
            report.screenText.contains("→ " + actions.joined(separator: " · ")), "\(actions) in: \(report.screenText)")
    }

    @Test func theDemoLeavesNothingBehindInItsTemporaryFolder() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        var options = demo().options
        options.temporaryDirectory = folder.url

        let signedIn = await DemoRun(options: options).run(.signinApprove, on: .signin)
        _ = await DemoRun(options: options).run(.tokenExpired, on: .payments)

        #expect(signedIn.outcome == .content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func theJourneyIsWhatTheLayersRecordedInThisRun() async {
        let first = await demo().run(.walletBanned, on: .payments)
        let second = await demo().run(.paymentsHappy, on: .payments)

        #expect(!first.journey.isEmpty)
        #expect(second.journey.isEmpty, "a run never shows another run's steps")
    }

    /// DEV presents what no screen explained with developer detail; production shows the safe default and keeps
    /// the detail in the log. The catalog says which scenarios end that way.
    @Test(arguments: DemoScenario.allCases.filter { $0.plan.endsUnexplained }, AppEnvironment.allCases)
    func devAndProdDifferWhereTheCatalogSays(_ scenario: DemoScenario, _ environment: AppEnvironment) async throws {
        var options = demo().options
        options.environment = environment

        let report = await DemoRun(options: options).run(scenario, on: scenario.plan.screen)

        let alert = try #require(report.presentedError)
        let steps = report.journey.map(\.event).filter { $0.layer == .navigation }.map(\.action)
        switch environment {
        case .dev:
            #expect(
                alert.message?.hasPrefix("Developer detail (DEV only)") == true,
                "\(alert.message ?? "no message")\n\(report.journey.map(\.event))")
            #expect(alert.message?.contains("request req-") == true, "the request id leads to the backend's log")
            #expect(steps == [.presented])
        case .prod:
            let safe = [PresentationError.default(in: .english), .defect(in: .english, reference: nil)].map(\.message)
            #expect(alert.key == "error.default.title" && safe.contains(alert.message), "the safe default, no detail")
            #expect(steps == [.presented, .logged], "the detail is only logged")
            #expect(report.journey.last?.event.to?.contains("request req-") == true)
        }
        #expect(scenario.plan.expectedAlert(in: environment)?.matches(report.presentedError) == true)
    }

    @Test func severalScenariosShowTheDifference() {
        #expect(DemoScenario.allCases.filter { $0.plan.endsUnexplained }.count >= 3)
    }

    @Test func prodOnlyChangesWhatIsNotAppWide() async {
        var options = demo().options
        options.environment = .prod

        let report = await DemoRun(options: options).run(.offline, on: .payments)

        #expect(report.outcome == .presented, "APIError is an alert in prod too")
    }

    /// A demo run that waits up to a minute for its reports, so that a slow machine (the thread sanitizer) still
    /// delivers the client reports the catalog names, and no report is left to end the journey with `queued`.
    private func demo() -> DemoRun {
        var options = DemoRun.Options(
            appVersion: "test", collector: JourneyCollector(), logger: quietLogger, backendLogger: quietLogger)
        options.reportBudget = .seconds(60)
        return DemoRun(options: options)
    }
}
