import Composition
import ErrorReports
import Foundation
import Navigation
import Networking
import SharedError
import TestSupport
import Testing
import TransfersFeature

/// A reused idempotency key (409 `idempotency_key_reused`) is a defect of the app: the composed app presents it
/// with "Contact support", quoting the reference it shows and its report carries, never with a futile "Try again".
@MainActor
@Suite(
    "A reused key offers support with the report's reference", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct ReusedKeyReferenceTests {
    @Test(arguments: AppEnvironment.allCases)
    func aReusedKeyOffersSupportWithTheReferenceNeverTryAgain(_ environment: AppEnvironment) async throws {
        let world = TestApp(environment: environment) { _, _ in .contractError(409, "idempotency_key_reused") }
        let sut = world.app.transfer()

        await sut.sendForm()

        let alert = try #require(world.router.presentedError)
        let reference = try #require(ErrorReference("7F3K-9Q2M"))
        #expect(alert.actions.first?.action == .contactSupport(reference: reference))
        #expect(!alert.actions.contains { ["retry", "retryAfter"].contains($0.action.kind) }, "\(alert.actions)")
        #expect(alert.reference?.reference == reference)
    }

    @Test(arguments: AppEnvironment.allCases)
    func theReportCarriesTheReferenceTheUserWasShown(_ environment: AppEnvironment) async throws {
        let world = TestApp(environment: environment) { _, _ in .contractError(409, "idempotency_key_reused") }
        let sut = world.app.transfer()

        await sut.sendForm()

        let shown = try #require(world.router.presentedError?.reference?.reference)
        let reports = await world.sentErrorReports()
        #expect(reports.map(\.fingerprint.value) == ["TransferError.unknown/networking/idempotency_key_reused"])
        #expect(reports.map(\.reference) == [shown])
        #expect(shown.value == "7F3K-9Q2M")
    }

    @Test func theReportsJSONCarriesTheReferenceAtTheTopLevel() async throws {
        let world = TestApp(environment: .prod) { _, _ in .contractError(409, "idempotency_key_reused") }

        await world.app.transfer().sendForm()
        _ = await world.sentErrorReports()

        let request = try #require(world.spy.requests.first { $0.path == "/v1/error-reports" })
        let json = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(json["reference"] as? String == "7F3K-9Q2M")
    }

    @Test func theScreenShowsTheReferenceInTheUsersLanguage() async throws {
        let world = TestApp(environment: .prod) { _, _ in .contractError(409, "idempotency_key_reused") }

        await world.app.transfer().sendForm()

        let alert = try #require(world.router.presentedError)
        #expect(
            alert.rendered(style: TerminalStyle(usesColor: false)) == [
                "  [!] Something went wrong",
                "      Trying again won't help. Contact support and quote the reference.",
                "      Reference 7F3K-9Q2M", "      → Contact support",
            ])
    }
}
