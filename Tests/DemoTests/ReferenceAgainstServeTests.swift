import Foundation
import Networking
import TestSupport
import Testing

/// The reference a user quotes, end to end with real processes: a screen run against `errorflow serve` shows it (text,
/// JSON, HTML, in English and German), and the served lookup finds the report the run sent by it.
@Suite(
    "A reference on the screen finds its report on serve", .serialized, .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct ReferenceAgainstServeTests {
    @Test(arguments: [("en", "Reference", "Contact support"), ("de", "Referenz", "Support kontaktieren")])
    func theTextScreenShowsTheReferenceTheServedLookupFinds(_ locale: String, _ word: String, _ support: String)
        async throws
    {
        let server = try await DemoServer.start(scenario: "transfer-key-reused")
        let home = TemporaryFolder()
        _ = try await Binary.run(["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)

        let run = try await Binary.run(
            [
                "transfer", "--scenario", "transfer-key-reused", "--base-url", server.baseURL, "--env", "prod",
                "--locale", locale,
            ], home: home.url)
        let reference = try #require(Self.reference(after: word + " ", in: run.stdout), "\(run.stdout)")
        let found = await Self.lookUp(reference, on: server.baseURL)
        #expect(await server.stop() == 0)

        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("→ \(support)"))
        #expect(!run.stdout.contains("Try again") && !run.stdout.contains("Erneut versuchen"))
        #expect(found.status == 200)
        #expect(found.reference == reference)
        #expect(found.fingerprint == "TransferError")
    }

    @Test func theJSONOutputCarriesTheReferenceInThePresentedErrorItsActionAndItsReport() async throws {
        let server = try await DemoServer.start(scenario: "transfer-key-reused")
        let home = TemporaryFolder()
        _ = try await Binary.run(["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)

        let run = try await Binary.run(
            [
                "transfer", "--scenario", "transfer-key-reused", "--base-url", server.baseURL, "--env", "prod",
                "--format", "json",
            ], home: home.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let presented = try #require(object["presentedError"] as? [String: Any], "\(run.stdout)")
        let reference = try #require(presented["reference"] as? String)
        let found = await Self.lookUp(reference, on: server.baseURL)
        #expect(await server.stop() == 0)

        #expect(reference.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/) != nil)
        let actions = try #require(presented["actions"] as? [[String: Any]])
        #expect(actions.map { $0["kind"] as? String } == ["contactSupport"])
        #expect(actions.first?["reference"] as? String == reference)
        let reports = try #require(object["errorReports"] as? [[String: Any]])
        #expect(reports.map { $0["reference"] as? String } == [reference])
        #expect(found.status == 200 && found.reference == reference)
    }

    @Test func theHTMLReportShowsTheReference() async throws {
        let server = try await DemoServer.start(scenario: "transfer-key-reused")
        let home = TemporaryFolder()
        let page = home.url.appendingPathComponent("run.html")
        _ = try await Binary.run(["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)

        let run = try await Binary.run(
            [
                "transfer", "--scenario", "transfer-key-reused", "--base-url", server.baseURL, "--env", "prod",
                "--locale", "de", "--format", "html", "--output", page.path,
            ], home: home.url)
        #expect(await server.stop() == 0)

        #expect(run.status == 1, "\(run.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let reference = try #require(Self.reference(after: "Referenz ", in: html), "the screen's reference line")
        #expect(html.components(separatedBy: "Referenz \(reference)").count >= 2)
    }

    /// The reference written after `word` in `text`.
    static func reference(after word: String, in text: String) -> String? {
        let pattern = try? Regex(word + "([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})")
        guard let pattern, let match = text.firstMatch(of: pattern) else { return nil }
        return match.output[1].substring.map(String.init)
    }

    /// `GET /v1/error-reports?reference=` on the server: the status, and the reference and fingerprint type of the
    /// report it answered.
    static func lookUp(_ reference: String, on baseURL: String) async
        -> (status: Int?, reference: String?, fingerprint: String?)
    {
        let url = URL(string: baseURL + "/v1/error-reports?reference=" + reference)
        guard let url else { return (nil, nil, nil) }
        let answer = await URLSessionHTTPClient().outcome(of: HTTPRequest(method: .get, url: url)).value
        let object = answer.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        return (
            answer?.status, object?["reference"] as? String,
            (object?["fingerprint"] as? [String: Any])?["type"] as? String
        )
    }
}
