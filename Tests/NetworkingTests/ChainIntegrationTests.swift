import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// The chain exactly as the app builds it (`HTTPChain`), over URLSession and a real loopback server.
@Suite("The composed chain over real HTTP", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ChainIntegrationTests {
    @Test func retriesAFlakyServiceAndRecordsEachRetry() async throws {
        let calls = LockedState(0)
        let server = try await LoopbackServer.start { _ in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            return call <= 2
                ? .json(503, #"{"error":"maintenance"}"#, headers: [("Retry-After", "0")]) : .json(200, #"{"ok":true}"#)
        }
        let probe = JourneyProbe()
        let chain = makeChain(session: AuthenticationSessionSpy(), logger: probe.logger)

        let result = await chain.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/payment-cards")))
        await server.stop()

        #expect(result.value?.status == 200)
        #expect(server.requests.count == 3)
        #expect(probe.actions() == [.mapped, .retried, .mapped, .retried])
        #expect(Set(server.requests.compactMap { $0.header("X-Request-ID") }).count == 1, "one id for the whole call")
    }

    @Test func refreshesAnExpiredTokenOnceAndReplaysOverRealHTTP() async throws {
        let server = try await LoopbackServer.start { request in
            request.header("Authorization") == "Bearer new"
                ? .json(200, #"{"id":"w-1"}"#) : .json(401, #"{"error":"token_expired","message":"expired"}"#)
        }
        let session = AuthenticationSessionSpy()
        let probe = JourneyProbe()
        let chain = makeChain(session: session, logger: probe.logger)

        let result = await chain.outcome(of: HTTPRequest(method: .get, url: server.url("/v1/wallet")))
        await server.stop()

        #expect(result.value?.status == 200)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
        #expect(await session.refreshCalls == 1)
        #expect(probe.actions() == [.mapped, .recovered, .retried])
    }

    @Test func anUnreachableBackendIsTheSharedOfflineCondition() async throws {
        let url = try await ClosedPort.url().appendingPathComponent("/v1/wallet")
        let chain = makeChain(session: AuthenticationSessionSpy(), logger: quietLogger)

        let result = await chain.outcome(of: HTTPRequest(method: .get, url: url))

        #expect(result.error?.kind == .offline)
        #expect(result.error?.kind.appWideCondition == .offline)
    }

    private func makeChain(session: AuthenticationSessionSpy, logger: Logger) -> any HTTPClient {
        HTTPChain(transport: URLSessionHTTPClient(), logger: logger) { _ in session }.authenticated
    }
}
