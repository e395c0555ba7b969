import DemoBackend
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App

/// What the catalog in `cli-and-scenarios.md` promises for each scenario, written out here so the app is
/// checked against the document, not against its own plan.
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
            steps: ["domain mapped no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)"],
            screen: ["Something went wrong"]),
        .init(
            scenario: .offline, outcome: "presented", exitCode: 3,
            steps: [
                "networking mapped URLError.cannotConnectToHost → HTTPClientError.offline",
                "navigation presented APIError.networkUnavailable → alert: Network unavailable",
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
                "networking mapped deadline passed during transfer → HTTPClientError.timedOut",
                "navigation presented APIError.timedOut → alert: The server is taking too long",
            ]),
        .init(
            scenario: .tokenExpired, outcome: "content", exitCode: 0,
            steps: [
                "networking recovered HTTPClientError.unauthorized(token_expired) → access token refreshed once for 1 waiting request(s)",
                "networking retried HTTPClientError.unauthorized(token_expired) → replayed GET /v1/wallet with the new token",
            ]),
        .init(
            scenario: .sessionRevoked, outcome: "routed", exitCode: 1,
            steps: [
                "networking mapped refresh answered invalid_grant → HTTPClientError.sessionExpired",
                "navigation routed SessionExpiredError → signIn",
            ]),
        .init(scenario: .walletPageHappy, outcome: "content", exitCode: 0, screen: ["EUR 12.50"], journeyIsEmpty: true),
        .init(
            scenario: .walletPageNoWallet, outcome: "presented", exitCode: 1,
            steps: ["presentation presented WalletPageError.noWallet → inline: You don't have a wallet yet"],
            screen: ["Create a wallet"]),
        .init(
            scenario: .signinApprove, outcome: "content", exitCode: 0, screen: ["Signed in as Ada Lovelace"],
            journeyIsEmpty: true),
        .init(
            scenario: .signinCancel, outcome: "ignored", exitCode: 0,
            steps: ["presentation ignored SignInError.canceled → nil"]),
        .init(
            scenario: .signinFailed, outcome: "presented", exitCode: 1,
            steps: ["presentation presented SignInError.failed → indicator: Sign in failed"]),
        .init(
            scenario: .signinUnknown, outcome: "presented", exitCode: 1,
            steps: ["presentation presented SignInError.unknown → indicator: Something went wrong"],
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
    ]
}

@MainActor
@Suite("Every scenario through the composed app", .timeLimit(.minutes(1)))
struct ScenarioCatalogTests {
    @Test func theCatalogHereCoversEveryScenario() {
        #expect(Expectation.all.map(\.scenario) == DemoScenario.allCases)
    }

    @Test(arguments: Expectation.all)
    func endsAsTheCatalogSays(_ expected: Expectation) async throws {
        let folder = TemporaryFolder()
        let report = await runner(sessionFile: folder.file).run(expected.scenario, on: expected.scenario.plan.screen)

        #expect(report.outcome.rawValue == expected.outcome)
        #expect(report.exitCode == expected.exitCode)
        let journey = report.journey.map {
            "\($0.event.layer.rawValue) \($0.event.action.rawValue) \($0.event.from) → \($0.event.to ?? "nil")"
        }
        for step in expected.steps {
            #expect(journey.contains(step), "missing step: \(step)\nin: \(journey.joined(separator: "\n"))")
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
    }

    @Test func aRevokedSessionLeavesNoSessionFile() async {
        let folder = TemporaryFolder()

        _ = await runner(sessionFile: folder.file).run(.sessionRevoked, on: .payments)

        #expect(!FileManager.default.fileExists(atPath: folder.file.path))
    }

    @Test func anApprovedSignInLeavesASessionFileOnlyTheUserCanRead() async throws {
        let folder = TemporaryFolder()

        _ = await runner(sessionFile: folder.file).run(.signinApprove, on: .signin)

        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func theJourneyIsWhatTheLayersRecordedInThisRun() async {
        let folder = TemporaryFolder()
        let first = await runner(sessionFile: folder.file).run(.walletBanned, on: .payments)
        let second = await runner(sessionFile: folder.file).run(.paymentsHappy, on: .payments)

        #expect(!first.journey.isEmpty)
        #expect(second.journey.isEmpty, "a run never shows another run's steps")
    }

    @Test func prodOnlyChangesWhatIsNotAppWide() async {
        let folder = TemporaryFolder()
        var options = runner(sessionFile: folder.file).options
        options.environment = .prod

        let report = await ScenarioRunner(options: options).run(.offline, on: .payments)

        #expect(report.outcome == .presented, "APIError is an alert in prod too")
    }

    private func runner(sessionFile: URL) -> ScenarioRunner {
        let collector = JourneyCollector()
        return ScenarioRunner(
            options: .init(
                sessionFile: sessionFile, appVersion: "test", collector: collector,
                logger: .journeyRecording(label: "test", into: collector), backendLogger: quietLogger))
    }
}

/// A fresh folder for one test's session file.
final class TemporaryFolder: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-app-\(UUID().uuidString)")
    var file: URL { url.appendingPathComponent("session.json") }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
