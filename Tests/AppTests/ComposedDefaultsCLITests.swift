import Foundation
import TestSupport
import Testing

/// The defaults of the app the CLI composes, held by what the binary does against a backend on 127.0.0.1: the
/// transport's body limit (4 MiB, with either transport), the retry policy's longest `Retry-After` (5 s) and
/// `--timeout`. None of these waits: what is refused is refused at once. (The composed app's other defaults are
/// held in process, on a virtual clock: `ComposedDefaultsTests`.)
@Suite("The CLI's composed defaults", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ComposedDefaultsCLITests {
    static let limit = 4 * 1024 * 1024

    @Test(arguments: ["async-http-client", "urlsession"])
    func aBodyOfExactly4MiBIsRead(_ transport: String) async throws {
        let (server, home) = try await signedIn(wallet: { _ in .json(200, Self.wallet(bytes: Self.limit)) })

        let run = try await Binary.run(
            ["wallet", "--base-url", server.baseURL.absoluteString], environment: ["ERRORFLOW_TRANSPORT": transport],
            home: home.url)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("12.50"), "\(run.stdout)")
        await server.stop()
    }

    @Test(arguments: ["async-http-client", "urlsession"])
    func aBodyOneByteOver4MiBIsRefused(_ transport: String) async throws {
        let (server, home) = try await signedIn(wallet: { _ in .json(200, Self.wallet(bytes: Self.limit + 1)) })

        let run = try await Binary.run(
            ["wallet", "--base-url", server.baseURL.absoluteString, "--trace"],
            environment: ["ERRORFLOW_TRANSPORT": transport], home: home.url)

        #expect(run.status != 0)
        #expect(run.stdout.contains("HTTPClientError.bodyTooLarge"), "\(run.stdout)")
        await server.stop()
    }

    @Test func aRetryAfterAboveFiveSecondsIsNotWaitedFor() async throws {
        let (server, home) = try await signedIn(wallet: { _ in Self.unavailable(retryAfter: "6") })

        let run = try await Binary.run(
            ["wallet", "--base-url", server.baseURL.absoluteString, "--trace"], home: home.url)

        #expect(server.requests.filter { $0.path == "/v1/wallet" }.count == 1)
        #expect(run.stdout.contains("not retried: Retry-After 6 s is above the maximum of 5.00 s"), "\(run.stdout)")
        await server.stop()
    }

    /// With `--timeout 0.5` a `Retry-After` of 1 s would pass the call's deadline, so it is not waited for (the
    /// default deadline, 10 s, would wait for it: `ComposedDefaultsTests`).
    @Test func timeoutShortensTheDeadlineOfEveryCall() async throws {
        let (server, home) = try await signedIn(wallet: { _ in Self.unavailable(retryAfter: "1") })

        let run = try await Binary.run(
            ["wallet", "--base-url", server.baseURL.absoluteString, "--trace", "--timeout", "0.5"], home: home.url)

        #expect(server.requests.filter { $0.path == "/v1/wallet" }.count == 1)
        #expect(run.stdout.contains("not retried: waiting 1.00 s would pass the deadline"), "\(run.stdout)")
        await server.stop()
    }

    // MARK: - Helpers

    /// A backend that signs the user in and answers the wallet with `wallet`; error reports are unknown to it.
    private func signedIn(
        wallet: @escaping @Sendable (RecordedRequest) -> ScriptedResponse
    ) async throws -> (LoopbackServer, TemporaryFolder) {
        let server = try await LoopbackServer.start { request in
            switch request.path {
            case "/v1/auth/apple":
                .json(
                    200,
                    #"{"accessToken":"at-defaults","refreshToken":"rt-defaults","expiresIn":600,"user":{"id":"u-9","name":"Lin","email":"lin@defaults.test"}}"#
                )
            case "/v1/wallet": wallet(request)
            case "/v1/client-reports": .json(202, #"{"accepted":0}"#)
            default: .json(404, #"{"error":"not_found","message":"not here"}"#)
            }
        }
        let home = TemporaryFolder()
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        return (server, home)
    }

    /// The contract's wallet, padded with spaces to exactly `bytes`.
    private static func wallet(bytes: Int) -> String {
        let wallet = #"{"id":"w-1","balance":{"amount":12.5,"currency":"EUR"},"status":"active"}"#
        return wallet + String(repeating: " ", count: bytes - wallet.utf8.count)
    }

    private static func unavailable(retryAfter: String) -> ScriptedResponse {
        .json(
            503, #"{"error":"service_unavailable","message":"later"}"#, headers: [("Retry-After", retryAfter)])
    }
}
