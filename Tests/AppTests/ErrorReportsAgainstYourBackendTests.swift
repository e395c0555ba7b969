import Foundation
import TestSupport
import Testing

/// Error reports against a backend that is not the demo, across real runs of the binary: a `Retry-After` on the
/// report endpoint holds reports back in the next run too, and a backend that does not know error reports costs
/// nothing but one log line.
@Suite("Error reports against your own backend", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ErrorReportsAgainstYourBackendTests {
    @Test func aRetryAfterOnErrorReportsIsHonouredByTheNextRun() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")
        await backend.answerErrorReports(with: 429, retryAfter: "3600")

        let first = try await Binary.run(["profile", "--base-url", url, "--env", "prod"], home: home.url)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(await backend.errorReportRequests.count == 1)

        let second = try await Binary.run(["profile", "--base-url", url, "--env", "prod"], home: home.url)
        #expect(second.status == 1)
        #expect(await backend.errorReportRequests.count == 1, "the next run keeps to the backend's Retry-After")
        let outbox = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        var content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: outbox)) as? [String: Any])
        let entries = try #require(content["entries"] as? [[String: Any]])
        #expect(entries.filter { $0["errorReport"] != nil }.count == 2, "both runs' reports wait")
        let notBefore = try #require(content["notBefore"] as? [String: Double])
        #expect(notBefore.count == 1)

        // The hour passes, as far as the outbox can tell.
        content["notBefore"] = notBefore.mapValues { _ in Date().timeIntervalSinceReferenceDate - 1 }
        try PrivateFileWriter.write(try JSONSerialization.data(withJSONObject: content), to: outbox)
        await backend.answerErrorReports(with: 202)
        let third = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(third.status == 0)
        let requests = await backend.errorReportRequests
        #expect(requests.count == 3, "the two that waited went out")
        #expect(Set(requests.dropFirst().map(\.key)).count == 2)
        #expect(requests.dropFirst().allSatisfy { $0.key != nil }, "each under its own key")
        #expect(!FileManager.default.fileExists(atPath: outbox.path), "nothing waits any more")
    }

    @Test func aBackendThatDoesNotKnowErrorReportsChangesNeitherTheScreenNorTheExitCode() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")

        let on = try await Binary.run(["profile", "--base-url", url, "--env", "prod"], home: home.url)
        let off = try await Binary.run(
            ["profile", "--base-url", url, "--env", "prod"], environment: ["ERRORFLOW_ERROR_REPORTS": "off"],
            home: home.url)

        #expect(on.status == 1 && off.status == 1)
        // With reports on, the screen shows the reference of the report it made, whatever the backend then says.
        let referenceLine = /\n *Reference [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/
        #expect(on.stdout.contains(referenceLine) && !off.stdout.contains(referenceLine))
        #expect(on.stdout.replacing(referenceLine, with: "") == off.stdout)
        #expect(on.stderr == off.stderr, "not a word on stderr")
        #expect(await backend.errorReportRequests.count == 1, "the run with reports off sent none")

        let verbose = try await Binary.run(["profile", "--base-url", url, "-v"], home: home.url)
        let lines = verbose.stderr.split(separator: "\n").filter {
            $0.contains("error report") && $0.contains("refused")
        }
        #expect(lines.count == 1, "one log line: \(lines)")
        let outbox = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        let waiting = FileManager.default.contents(atPath: outbox.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(waiting?.contains("errorReport") != true, "nothing waits for a backend that refused")
    }

    @Test func theReportNamesTheTraceItsRequestsCarried() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")
        await backend.answerErrorReports(with: 202)

        let run = try await Binary.run(["profile", "--base-url", url, "--format", "json"], home: home.url)

        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let journey = try #require(object["journey"] as? [[String: Any]])
        let trace = try #require(journey.first?["traceID"] as? String)
        let request = try #require(await backend.errorReportRequests.first)
        #expect(request.traceParent?.contains("-\(trace)-") == true, "the report's own request")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["traceID"] as? String == trace)
        let listed = try #require(object["errorReports"] as? [[String: Any]])
        #expect(listed.first?["traceID"] as? String == trace)
        #expect(listed.first?["fingerprint"] as? String == "ProfileRepositoryError.unavailable/networking/teapot")
    }

}

/// Writes a file with mode 0600, as the app's private files are.
private enum PrivateFileWriter {
    static func write(_ data: Data, to url: URL) throws {
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
