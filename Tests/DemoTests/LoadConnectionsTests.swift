import Foundation
import TestSupport
import Testing

/// `errorflow load` gives each client a connection of its own, as each user's app has its own: its clients never
/// wait in the transport's pool for one another's connection, whatever the transport's default (64).
@Suite("Each client of a load run has a connection of its own", .timeLimit(.minutes(3 * TestSlowdown.factor)))
@MainActor
struct LoadConnectionsTests {
    nonisolated static let clients = 80
    /// The paths of a load run's calls; anything else it asks (whether the backend is a proxy) is answered at once.
    nonisolated static let calls: Set<String> = ["/v1/wallet", "/v1/payment-cards"]
    nonisolated static let wallet = #"{"id":"w-1","balance":{"amount":"12.50","currency":"EUR"},"status":"active"}"#
    nonisolated static let cards =
        #"{"status":"ok","cards":[{"id":"c-1","brand":"visa","last4":"4242","expiryMonth":4,"expiryYear":2030}]}"#

    @Test(arguments: ["async-http-client", "urlsession"])
    func everyClientsCallIsInFlightAtOnce(transport: String) async throws {
        // The backend answers nothing until every client's call has arrived: only possible when each has a connection.
        let gate = AsyncGate(timeLimit: .seconds(20 * TestSlowdown.factor))
        let arrived = Counter()
        let server = try await LoopbackServer.start { request in
            guard Self.calls.contains(request.path) else { return .json(404, #"{"error":"not_found"}"#) }
            if arrived.increment() == Self.clients { await gate.open() }
            await gate.wait()
            return .json(200, request.path == "/v1/wallet" ? Self.wallet : Self.cards)
        }
        let home = TemporaryFolder()
        let app = FileBackedApp(folder: home.url)
        await app.signIn(accessToken: "at-conn", refreshToken: "rt-conn", user: "u-1", baseURL: server.baseURL)

        let run = try await Binary.run(
            [
                "load", "--requests", "\(Self.clients)", "--clients", "\(Self.clients)", "--base-url",
                server.baseURL.absoluteString, "--session-file", app.sessionFile.path, "--format", "json",
            ], environment: ["ERRORFLOW_TRANSPORT": transport])

        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(summary["succeeded"] as? Int == Self.clients, "\(run.stdout)")
        #expect(server.requests.filter { Self.calls.contains($0.path) }.count == Self.clients)
        await server.stop()
    }
}
