import Foundation
import TestSupport
import Testing

/// `errorflow session clear` while another `errorflow` run's token refresh is in flight: the backend holds the
/// refresh answer (the new tokens are made, the refresh token spent) until the sign-out has finished. The session
/// stays signed out, and the refreshing run ends routed to sign-in without ever sending the new tokens.
@Suite("Signing out while another run refreshes", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SignOutAcrossProcessesTests {
    /// The refreshing run's deadline, far above the sign-out it waits for (which takes seconds under the thread
    /// sanitizer): the run must end because it was signed out, never because its 10 s default ran out first.
    static let patient = ["--timeout", "120"]

    @Test func aSignOutWhileAnotherRunRefreshesAfterTokenExpiredStaysSignedOut() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let signedIn = try accessToken(home)
        await backend.expireAccessTokens()
        let signedOut = holdRefreshAnswers(of: backend)

        let refreshing = try Binary.start(["wallet", "--base-url", url, "--trace"] + Self.patient, home: home.url)
        await eventually("the refresh reached the backend") { backend.refreshRequests >= 1 }
        let clear = try await Binary.run(["session", "clear"], home: home.url)
        await signedOut.open()
        let run = await refreshing.finish()

        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.stdout.contains("Signed out: removed"), "\(clear.stdout)")
        #expect(run.status == 1, "routed to sign-in: \(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("no session to refresh (signed out) → HTTPClientError.sessionExpired"), "\(run.stdout)")
        #expect(!sessionFileExists(home), "the session file is absent")
        #expect(await backend.refreshCount == 1, "the backend made new tokens")
        #expect(await backend.presentedTokens == [signedIn], "they were never sent")
        try await expectStillSignedOut(home, url)
        await backend.stop()
    }

    /// The stored token is about to expire, so the run refreshes before it sends anything.
    @Test func aSignOutWhileAnotherRunRefreshesAheadOfExpiryStaysSignedOut() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        try expireSoon(home)
        let signedOut = holdRefreshAnswers(of: backend)

        let refreshing = try Binary.start(["wallet", "--base-url", url] + Self.patient, home: home.url)
        await eventually("the refresh reached the backend") { backend.refreshRequests >= 1 }
        let clear = try await Binary.run(["session", "clear"], home: home.url)
        await signedOut.open()
        let run = await refreshing.finish()

        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(run.status == 1, "routed to sign-in: \(run.stdout)\(run.stderr)")
        #expect(!backend.requests.contains { $0.path == "/v1/wallet" }, "nothing was sent with any token")
        #expect(!sessionFileExists(home))
        try await expectStillSignedOut(home, url)
        await backend.stop()
    }

    /// The session cannot be removed (here its lock file is a directory, so no lock can be had): `session clear`
    /// says so in one line and exits 1, instead of telling the user they signed out while every run is still
    /// signed in.
    @Test func aSignOutThatCannotRemoveTheSessionSaysSo() async throws {
        let (backend, home, _) = try await ContractBackend.startSignedIn()
        let lockFile = URL(fileURLWithPath: sessionFile(home).path + ".lock")
        try FileManager.default.removeItem(at: lockFile)
        try FileManager.default.createDirectory(at: lockFile, withIntermediateDirectories: false)

        let clear = try await Binary.run(["session", "clear"], home: home.url)

        #expect(clear.status == 1, "\(clear.stdout)\(clear.stderr)")
        #expect(clear.stderr.hasPrefix("errorflow-app: not signed out: "), "\(clear.stderr)")
        #expect(clear.stderr.split(separator: "\n").count == 1, "one line: \(clear.stderr)")
        #expect(!clear.stdout.contains("Signed out"))
        #expect(sessionFileExists(home), "the session is still there")
        await backend.stop()
    }

    // MARK: - Helpers

    /// Holds every refresh answer, after the backend made the new tokens, until the returned gate opens.
    private func holdRefreshAnswers(of backend: ContractBackend) -> AsyncGate {
        let gate = AsyncGate(timeLimit: .seconds(100))
        backend.afterAnswering { request, _ in
            guard request.path == "/v1/auth/refresh" else { return }
            await gate.wait()
        }
        return gate
    }

    /// A later run is not signed in, and leaves the file absent.
    private func expectStillSignedOut(
        _ home: TemporaryFolder, _ url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let next = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(next.status == 1, "\(next.stderr)", sourceLocation: sourceLocation)
        #expect(next.stderr.contains("not signed in"), "\(next.stderr)", sourceLocation: sourceLocation)
        #expect(!sessionFileExists(home), "and stays absent", sourceLocation: sourceLocation)
    }

    private func sessionFile(_ home: TemporaryFolder) -> URL {
        home.url.appendingPathComponent("config/errorflow/session.json")
    }

    private func sessionFileExists(_ home: TemporaryFolder) -> Bool {
        FileManager.default.fileExists(atPath: sessionFile(home).path)
    }

    private func accessToken(_ home: TemporaryFolder) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile(home))) as? [String: Any]
        return object?["accessToken"] as? String ?? ""
    }

    /// Rewrites the session file so that its access token expires in 5 s, as a session saved a while ago would.
    private func expireSoon(_ home: TemporaryFolder) throws {
        let url = sessionFile(home)
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        object["expiresAt"] = Date().addingTimeInterval(5).timeIntervalSinceReferenceDate
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
