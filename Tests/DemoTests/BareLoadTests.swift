import Foundation
import TestSupport
import Testing

/// `errorflow load --bare`: the same calls as the stack's (wallet and cards, alternately, with the session's bearer
/// token), each sent once through bare AsyncHTTPClient and its body decoded by the repositories' parsers, so that
/// `Scripts/throughput.sh` measures what the stack adds against it.
@Suite(
    "A bare load run makes the stack's calls with nothing around them", .timeLimit(.minutes(3 * TestSlowdown.factor)))
@MainActor
struct BareLoadTests {
    nonisolated static let token = "bare-at-4f1c9e"
    nonisolated static let wallet = #"{"id":"w-1","balance":{"amount":"12.50","currency":"EUR"},"status":"active"}"#
    nonisolated static let cards =
        #"{"status":"ok","cards":[{"id":"c-1","brand":"visa","last4":"4242","expiryMonth":4,"expiryYear":2030}]}"#

    @Test(arguments: ["async", "delegate"])
    func itAlternatesWalletAndCardsWithTheSessionsTokenAndEveryCallSucceeds(api: String) async throws {
        let server = try await LoopbackServer.start { request in
            .json(200, request.path == "/v1/wallet" ? Self.wallet : Self.cards)
        }
        let summary = try await Self.run(against: server, calls: 6, api: api)

        #expect(summary["succeeded"] as? Int == 6)
        #expect(summary["attempts"] as? Int == 6)
        #expect(
            server.requests.map(\.path).sorted() == Array(repeating: "/v1/payment-cards", count: 3)
                + Array(repeating: "/v1/wallet", count: 3))
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.token)" })
        #expect((summary["journeySteps"] as? [String: Int])?.isEmpty == true)
        await server.stop()
    }

    @Test(arguments: ["async", "delegate"])
    func aBodyTheParserRefusesIsADecodingFailureAndAnotherStatusIsNamedByIt(api: String) async throws {
        let server = try await LoopbackServer.start { request in
            request.path == "/v1/wallet" ? .json(200, #"{"id":"w-1"}"#) : .json(503, #"{"error":"unavailable"}"#)
        }
        let summary = try await Self.run(against: server, calls: 4, api: api)

        #expect(summary["failures"] as? [String: Int] == ["DecodingFailure": 2, "HTTP 503": 2])
        #expect(summary["attempts"] as? Int == 4, "a bare call is sent once: no retry")
        await server.stop()
    }

    @Test func itNeedsAsyncHTTPClient() async throws {
        let run = try await Binary.run(
            ["load", "--bare", "--requests", "1"], environment: ["ERRORFLOW_TRANSPORT": "urlsession"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--bare drives AsyncHTTPClient"), "\(run.stderr)")
    }

    @Test func anAPIIsChosenOnlyForABareRun() async throws {
        let run = try await Binary.run(["load", "--bare-api", "delegate", "--requests", "1"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--bare-api is for --bare"), "\(run.stderr)")
    }

    /// Runs `load --bare --bare-api api --base-url` against `server` with a session holding ``token``; returns its
    /// JSON summary.
    private static func run(against server: LoopbackServer, calls: Int, api: String) async throws -> [String: Any] {
        let home = TemporaryFolder()
        let app = FileBackedApp(folder: home.url)
        await app.signIn(accessToken: token, refreshToken: "bare-rt", user: "u-1", baseURL: server.baseURL)
        let run = try await Binary.run(
            [
                "load", "--bare", "--bare-api", api, "--requests", "\(calls)", "--clients", "2", "--base-url",
                server.baseURL.absoluteString, "--session-file", app.sessionFile.path, "--format", "json",
            ], environment: ["ERRORFLOW_TRANSPORT": "async-http-client"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }
}
