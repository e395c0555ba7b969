import Foundation
import TestSupport
import Testing

/// The last content of `--base-url` runs, kept beside the session file: shown with its age when the backend cannot
/// be reached (exit 5), in every format and language; 0600 in a 0700 folder; removed by `session clear`, and never
/// written back by a run whose load ends after it, nor shown for another backend.
@Suite("Last content across processes", .serialized, .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct LastContentAcrossProcessesTests {
    @Test func aRunThatCannotReachTheBackendShowsTheLastContentWithItsAgeAndExits5() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let online = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(online.status == 0, "\(online.stderr)")
        let refused = await backend.stopRefusing()
        defer { withExtendedLifetime(refused) {} }

        let text = try await Binary.run(["wallet", "--base-url", url, "--trace"], home: home.url)
        let german = try await Binary.run(["wallet", "--base-url", url, "--locale", "de"], home: home.url)
        let json = try await Binary.run(["wallet", "--base-url", url, "--format", "json"], home: home.url)
        let html = try await Binary.run(["wallet", "--base-url", url, "--format", "html"], home: home.url)

        #expect(text.status == 5, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("Showing content from "), "\(text.stdout)")
        #expect(text.stdout.contains(" — you are offline."), "\(text.stdout)")
        #expect(text.stdout.contains("→ Try again"), "\(text.stdout)")
        #expect(text.stdout.contains("recovered"), "\(text.stdout)")
        #expect(text.stdout.contains("→ last content from "), "\(text.stdout)")
        #expect(!text.stdout.contains("Network unavailable"), "no alert")
        #expect(german.status == 5)
        #expect(german.stdout.contains("Du siehst den Stand von "), "\(german.stdout)")
        #expect(german.stdout.contains("du bist offline."), "\(german.stdout)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "lastContent")
        #expect(object["exitCode"] as? Int == 5)
        let notice = (object["state"] as? [String: Any])?["notice"] as? [String: Any]
        #expect(notice?["key"] as? String == "payments.lastContent.offline")
        #expect((notice?["title"] as? String)?.hasPrefix("Showing content from ") == true)
        #expect(html.status == 5)
        #expect(html.stdout.contains("Showing content from "), "the page shows the notice")
    }

    @Test(arguments: ["payments", "profile"])
    func theOtherScreensShowTheirLastContentToo(_ screen: String) async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let online = try await Binary.run([screen, "--base-url", url], home: home.url)
        #expect(online.status == 0, "\(online.stderr)")
        let refused = await backend.stopRefusing()
        defer { withExtendedLifetime(refused) {} }

        let offline = try await Binary.run([screen, "--base-url", url], home: home.url)

        #expect(offline.status == 5, "\(offline.stdout)\(offline.stderr)")
        #expect(offline.stdout.contains(" — you are offline."), "\(offline.stdout)")
    }

    @Test func theLastContentIsOnlyItsOwnersToReadAndSignOutRemovesIt() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        _ = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        #expect(try mode(of: lastContent(home)) == 0o600)
        #expect(try mode(of: lastContent(home).deletingLastPathComponent()) == 0o700)

        let clear = try await Binary.run(["session", "clear"], home: home.url)
        let refused = await backend.stopRefusing()
        defer { withExtendedLifetime(refused) {} }
        let offline = try await Binary.run(["wallet", "--base-url", url], home: home.url)

        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lastContent(home).path))
        #expect(offline.status != 5 && !offline.stdout.contains("Showing content from"), "\(offline.stdout)")
    }

    @Test func theBackendEndingTheSessionRemovesTheLastContentAsASignOutDoes() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        _ = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        let kept = FileManager.default.fileExists(atPath: lastContent(home).path)

        await backend.endSessions()
        let ended = try await Binary.run(["wallet", "--base-url", url], home: home.url)
        await backend.stop()

        #expect(kept)
        #expect(ended.stdout.contains("outcome: routed"), "\(ended.stdout)")
        #expect(!FileManager.default.fileExists(atPath: lastContent(home).path))
    }

    @Test func aLoadThatEndsAfterAnotherProcessSignedOutNeverWritesItBack() async throws {
        let (backend, home, url) = try await ContractBackend.startSignedIn()
        let gate = AsyncGate(timeLimit: .seconds(100))
        backend.afterAnswering { request, _ in
            guard request.path == "/v1/wallet" else { return }
            await gate.wait()
        }

        let loading = try Binary.start(["wallet", "--base-url", url, "--timeout", "120"], home: home.url)
        await eventually("the wallet call reached the backend") {
            backend.requests.contains { $0.path == "/v1/wallet" }
        }
        let clear = try await Binary.run(["session", "clear"], home: home.url)
        await gate.open()
        let run = await loading.finish()

        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(run.status == 0, "the answer came: \(run.stdout)\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lastContent(home).path), "nothing written back")
        await backend.stop()
    }

    @Test func anotherBackendsLastContentIsNeverShown() async throws {
        let (first, home, firstURL) = try await ContractBackend.startSignedIn()
        _ = try await Binary.run(["wallet", "--base-url", firstURL], home: home.url)
        let second = try await ContractBackend.start()
        let secondURL = second.baseURL.absoluteString
        let signIn = try await Binary.run(["signin", "--base-url", secondURL, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        await first.stop()
        await second.stop()

        let atSecond = try await Binary.run(["wallet", "--base-url", secondURL], home: home.url)
        let atFirst = try await Binary.run(["wallet", "--base-url", firstURL], home: home.url)

        #expect(atSecond.status == 3, "the alert as before: \(atSecond.stdout)\(atSecond.stderr)")
        #expect(!atSecond.stdout.contains("Showing content from"))
        #expect(atFirst.status != 5 && !atFirst.stdout.contains("Showing content from"), "\(atFirst.stdout)")
    }

    // MARK: - Helpers

    private func lastContent(_ home: TemporaryFolder) -> URL {
        home.url.appendingPathComponent("config/errorflow/session.last-content.json")
    }

    private func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
