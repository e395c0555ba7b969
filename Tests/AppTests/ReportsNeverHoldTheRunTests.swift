import Foundation
import SharedError
import TestSupport
import Testing

/// Promise: the user never waits on reports, across real runs of the binary against a backend of its own. Text is
/// written before any report goes out; a run waits for its reports 2 s at most in all, and what is not sent by then
/// waits in the outbox (listed as pending in JSON); a `Retry-After` of a century holds reports back an hour; counts
/// near `Int.max` in the outbox file neither trap nor reach the backend unclamped.
///
/// No test here times the run: an error-report endpoint that accepts and never answers holds the report for the
/// whole test, and the run is shown to end while the endpoint still holds it, with `--timeout 600` (without the
/// budget the run would wait the whole deadline, and the watchdog of `Binary.Running.finish` would fail the test).
@Suite("Reports never hold the run", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ReportsNeverHoldTheRunTests {
    @Test func theTextScreenIsWrittenWhileTheReportIsHeldAndTheRunEndsWithoutItsAnswer() async throws {
        let (backend, home, url, endpoint) = try await Self.backendThatHoldsErrorReports()

        let running = try Binary.start(
            ["profile", "--base-url", url, "--env", "prod", "--timeout", "600"], home: home.url)
        await eventually("the error report reached the endpoint", within: .seconds(60)) {
            endpoint.arrived.withLock { $0 } > 0
        }
        await eventually("the screen is on stdout while the report is held", within: .seconds(60)) {
            running.stdoutSoFar.contains("outcome: presented")
        }
        let run = await running.finish(timeLimit: .seconds(60))

        #expect(run.status == 1, "\(run.stderr)")
        #expect(!endpoint.answered.withLock { $0 }, "the run ended while the endpoint still held the report")
        let outbox = try Self.outbox(in: home)
        #expect(outbox.errorReports == ["ProfileRepositoryError.unavailable/networking/teapot"])
        await endpoint.gate.open()
        await backend.stop()
    }

    /// The endpoint answers the report only once the screen is on stdout: a run that waited for its reports before
    /// writing the screen would have given up on it (after its budget) and kept it in the outbox.
    @Test func theTextScreenIsWrittenBeforeTheReportGoesOut() async throws {
        let (backend, home, url, endpoint) = try await Self.backendThatHoldsErrorReports()

        let running = try Binary.start(
            ["profile", "--base-url", url, "--env", "prod", "--timeout", "600"], home: home.url)
        await eventually("the error report reached the endpoint", within: .seconds(60)) {
            endpoint.arrived.withLock { $0 } > 0
        }
        await eventually("the screen is on stdout", within: .seconds(60)) {
            running.stdoutSoFar.contains("outcome: presented")
        }
        await endpoint.gate.open()
        let run = await running.finish(timeLimit: .seconds(60))

        #expect(run.status == 1, "\(run.stderr)")
        #expect(endpoint.answered.withLock { $0 })
        let outbox = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        #expect(!FileManager.default.fileExists(atPath: outbox.path), "the report was delivered, after the screen")
        await backend.stop()
    }

    @Test func jsonListsWhatTheBudgetLeftWaitingAsPending() async throws {
        let (backend, home, url, endpoint) = try await Self.backendThatHoldsErrorReports()

        let run = try await Binary.start(
            ["profile", "--base-url", url, "--env", "prod", "--timeout", "600", "--format", "json"], home: home.url
        ).finish(timeLimit: .seconds(60))

        #expect(run.status == 1, "\(run.stderr)")
        #expect(!endpoint.answered.withLock { $0 }, "the run ended while the endpoint still held the report")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pending = try #require(object["pendingErrorReports"] as? [[String: Any]])
        #expect(
            pending.compactMap { $0["fingerprint"] as? String } == [
                "ProfileRepositoryError.unavailable/networking/teapot"
            ])
        #expect((object["errorReports"] as? [Any])?.isEmpty == true, "none was delivered")
        await endpoint.gate.open()
        await backend.stop()
    }

    @Test func aRetryAfterOfACenturyHoldsReportsBackAnHourAtMost() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")
        await backend.answerErrorReports(with: 429, retryAfter: "3153600000")
        let before = Date()

        let run = try await Binary.run(["profile", "--base-url", url, "--env", "prod"], home: home.url)
        let after = Date()

        #expect(run.status == 1)
        let notBefore = try #require(try Self.outbox(in: home).notBefore.first)
        #expect(notBefore >= before.addingTimeInterval(3_600 - 1))
        #expect(notBefore <= after.addingTimeInterval(3_600), "not \(notBefore)")
        await backend.stop()
    }

    @Test func countsNearIntMaxInTheOutboxFileNeitherTrapNorReachTheBackendUnclamped() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")
        await backend.answerErrorReports(with: 202)
        let origin = try #require(URL(string: url).map { "http://\($0.host ?? ""):\($0.port ?? 0)" })
        let folder = home.url.appendingPathComponent("state/errorflow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("report-outbox.json")
        try Data(
            #"""
            {"format":"errorflow-report-outbox/2","dropped":{"\#(origin)":9223372036854775807},"entries":[],
             "unsent":{"\#(origin)":{"queueFull":9223372036854775807,"rateLimited":9223372036854775807,"refused":-9223372036854775808}}}
            """#.utf8
        ).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)

        let run = try await Binary.run(["profile", "--base-url", url, "--env", "prod"], home: home.url)

        #expect(run.status == 1, "the screen's own exit code, no trap: \(run.stderr)")
        let request = try #require(await backend.errorReportRequests.first)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let unsent = try #require(body["unsent"] as? [String: Int])
        #expect(unsent == ["queueFull": 2_147_483_647, "rateLimited": 2_147_483_647, "refused": 0])
        await backend.stop()
    }

    // MARK: - Helpers

    /// What the held error-report endpoint saw.
    struct HeldEndpoint: Sendable {
        /// How many error reports arrived.
        let arrived = LockedState(0)
        /// Whether any was answered (only after the gate opens).
        let answered = LockedState(false)
        /// Opened at the end of a test, to let the held requests go.
        let gate = AsyncGate(timeLimit: .seconds(170))
    }

    /// A signed-in contract backend whose `/v1/me` fails unexplained (so the run makes an error report) and whose
    /// `POST /v1/error-reports` accepts the connection and never answers until the test opens the gate.
    static func backendThatHoldsErrorReports() async throws -> (ContractBackend, TemporaryFolder, String, HeldEndpoint)
    {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        await backend.failResource("/v1/me", with: 418, code: "teapot")
        await backend.answerErrorReports(with: 202)
        let endpoint = HeldEndpoint()
        backend.beforeAnswering { request in
            guard request.path == "/v1/error-reports" else { return }
            endpoint.arrived.withLock { $0 += 1 }
            await endpoint.gate.wait()
            endpoint.answered.withLock { $0 = true }
        }
        return (backend, home, url, endpoint)
    }

    /// What the run left in the outbox file of `home`: the error reports' fingerprints and the not-before times.
    static func outbox(in home: TemporaryFolder) throws -> (errorReports: [String], notBefore: [Date]) {
        let file = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = content["entries"] as? [[String: Any]] ?? []
        let fingerprints = entries.compactMap { entry -> String? in
            guard let report = entry["errorReport"] as? [String: Any],
                let parts = report["fingerprint"] as? [String: Any]
            else { return nil }
            let code = parts["serverCode"] as? String ?? "-"
            return "\(parts["type"] ?? "").\(parts["case"] ?? "")/\(parts["layer"] ?? "")/\(code)"
        }
        let notBefore = (content["notBefore"] as? [String: Double] ?? [:]).values.map {
            Date(timeIntervalSinceReferenceDate: $0)
        }
        return (fingerprints, notBefore)
    }
}
