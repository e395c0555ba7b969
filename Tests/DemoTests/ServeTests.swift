import Foundation
import TestSupport
import Testing

/// The README's own recipe: `errorflow serve` in one process, screens against it with `--base-url` in others.
@Suite("Screens against a separately started serve", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ServeTests {
    @Test(arguments: ["wallet-banned", "token-expired", "cards-partly-invalid"])
    func scenariosRunAgainstASeparatelyStartedServe(_ scenario: String) async throws {
        let server = try await DemoServer.start(scenario: scenario)
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")

        let run = try await Binary.run(
            ["payments", "--scenario", scenario, "--base-url", server.baseURL, "--format", "json"], home: home.url)
        let again = try await Binary.run(["payments", "--base-url", server.baseURL], home: home.url)
        #expect(await server.stop() == 0, "serve stops cleanly on SIGINT")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(again.status == 0, "the recipe works more than once: \(again.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == scenario)
        #expect(object["outcome"] as? String == "content")
        let journey = try #require(object["journey"] as? [[String: Any]])
        switch scenario {
        case "wallet-banned": #expect(journey.contains { $0["to"] as? String == "WalletRepositoryError.banned" })
        case "token-expired": #expect(journey.contains { $0["action"] as? String == "recovered" })
        default: #expect((object["clientReports"] as? [[String: Any]])?.count == 3)
        }
    }

    /// `--scenario` with `--base-url` lays the scenario's client half over the run (here the device that cannot make
    /// payments) and holds the run to the catalog as a demo run is; a run without one has no catalog entry.
    @Test func aScenarioAgainstYourBackendPlaysItsClientHalfAndIsHeldToTheCatalog() async throws {
        let server = try await DemoServer.start(scenario: "apple-pay-unavailable")
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)
        let played = home.url.appendingPathComponent("played.html")
        let plain = home.url.appendingPathComponent("plain.html")
        let run = try await Binary.run(
            [
                "payments", "--scenario", "apple-pay-unavailable", "--base-url", server.baseURL, "--format", "html",
                "--output", played.path,
            ], home: home.url)
        let again = try await Binary.run(
            ["payments", "--base-url", server.baseURL, "--format", "html", "--output", plain.path], home: home.url)
        #expect(await server.stop() == 0)

        #expect(signIn.status == 0 && run.status == 0 && again.status == 0, "\(run.stderr)\(again.stderr)")
        let page = try String(contentsOf: played, encoding: .utf8)
        #expect(page.contains("every scenario as the catalog says"))
        #expect(page.contains("PassKit stand-in cannot make payments: no Apple Pay"))
        let other = try String(contentsOf: plain, encoding: .utf8)
        #expect(other.contains("no catalog entry"))
        #expect(!other.contains("as the catalog says"))
    }
}
