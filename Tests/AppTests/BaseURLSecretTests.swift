import Foundation
import TestSupport
import Testing

/// A secret in a base URL is never printed: a `--base-url` with a query or a fragment is refused (exit 2, one line
/// that says what to do) by every command that takes one, and the secret appears in no output.
@Suite("No secret in a base URL is printed", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct BaseURLSecretTests {
    static let secret = "sk-live-7f3a9c1e44"

    /// Every command that takes `--base-url`, with the URL last.
    static let commands: [[String]] = [
        ["payments"], ["wallet", "--format", "json"], ["profile", "--format", "html"],
        ["signin", "--answer", "approve"], ["transfer", "--to", "CH93 0076 2011 6238 5295 7", "--amount", "1.00"],
        ["transfer", "--pending"], ["transfer", "--status", "t-1"],
    ]

    static let urls = [
        "http://127.0.0.1:9/api?api_key=\(secret)",
        "https://api.example.com/?token=\(secret)&b=1",
        "http://127.0.0.1:9#\(secret)",
        "http://127.0.0.1:9/v1?",
    ]

    @Test(arguments: commands, urls)
    func aBaseURLWithAQueryOrAFragmentIsRefusedWithoutShowingIt(_ command: [String], _ url: String) async throws {
        let run = try await Binary.run(command + ["--base-url", url])

        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(
            run.stderr.contains("carries a query (?…) or a fragment (#…); give the URL without it"), "\(run.stderr)")
        #expect(run.stderr.contains("belongs in the session"))
        #expect(!(run.stdout + run.stderr).contains(Self.secret), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A URL refused for another reason shows no query either: it is cut at the first `?` or `#`.
    @Test(arguments: [
        "ftp://127.0.0.1:9/?api_key=\(secret)", "http://?api_key=\(secret)",
        "http://ada:pw@127.0.0.1:9/?api_key=\(secret)", "http://127.0.0.1:70000/#\(secret)",
    ])
    func aBaseURLRefusedForAnotherReasonShowsNoQuery(_ url: String) async throws {
        let run = try await Binary.run(["wallet", "--base-url", url])

        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains(Self.secret), "\(run.stderr)")
    }

    @Test func aPathPrefixIsStillABaseURL() async throws {
        let run = try await Binary.run(["wallet", "--base-url", "http://127.0.0.1:9/api/v2"])

        #expect(run.status == 1, "accepted; not signed in there, so nothing is sent: \(run.stderr)")
        #expect(run.stderr.contains("not signed in"), "\(run.stderr)")
    }

    @Test func theHelpSaysSo() async throws {
        let run = try await Binary.run(["wallet", "--help"])

        let help = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("a query (?…) or a fragment (#…) is refused (exit 2)"), "\(run.stdout)")
    }
}
