import DemoBackend
import Foundation
import TestSupport
import Testing

/// A report that reached the backend, whose answer never came back before the run's time for reports ran out, is
/// kept in the outbox under its key and sent again by the next run: the backend counts it once.
@Suite("A report reaches the backend once", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ReportOnceThroughAProxyTests {
    @Test func aReportWhoseAnswerWasHeldIsCountedOnceWhenTheOutboxSendsItAgain() async throws {
        let backend = try await DemoBackend.start(scenario: .walletPageUnavailable, logger: quietLogger)
        let proxy = try FaultyProxy(upstream: backend.baseURL)
        let home = TemporaryFolder()
        let url = proxy.baseURL.absoluteString
        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        proxy.failNext("POST /v1/error-reports", with: .hold)

        let held = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        let arrived = await backend.errorReports.all.map(\.count)
        let again = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        proxy.stop()
        let counted = await backend.errorReports.all.map(\.count)
        await backend.stop()

        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(held.status == 1, "\(held.stdout)\(held.stderr)")
        #expect(arrived == [1], "the report reached the backend; only its answer was held")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(counted == [1], "sent again from the outbox under its key, and counted once")
    }
}
