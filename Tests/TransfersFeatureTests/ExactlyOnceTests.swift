import Domain
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing
import TransfersFeature

/// Money must not leave twice: over real HTTP, against a backend that makes the transfer and then fails to answer,
/// the client's retries (same key) end with exactly one transfer on the backend, by the backend's own count.
@Suite("A transfer is made exactly once", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ExactlyOnceTests {
    static let faults: [ContractBackend.TransferFault] =
        [.dropConnection] + [408, 429, 500, 502, 503, 504].map { .status($0) }

    @Test(arguments: faults)
    func aTransferMadeBeforeATransientFailureIsMadeOnce(_ fault: ContractBackend.TransferFault) async throws {
        let backend = try await ContractBackend.start()
        let token = try await signIn(backend)
        await backend.failNextTransferAfterMakingIt(fault)
        let probe = JourneyProbe()

        let result = await outcome(
            of: TransferRepositoryError.self,
            try await makeRepository(backend, token: token, logger: probe.logger, key: "key-1").send(Self.draft))

        #expect(result.value?.id == "own-t-1", "the retry got the original back: \(String(describing: result.error))")
        #expect(
            await backend.transferCount == 1, "one transfer on the backend, after \(backend.requests.count) requests")
        let sends = backend.requests.filter { $0.path == "/v1/transfers" }
        #expect(sends.count == 2)
        #expect(Set(sends.map { $0.header("Idempotency-Key") }) == ["key-1"], "every attempt carried the same key")
        #expect(probe.events().contains { $0.action == .recovered && $0.layer == .data }, "the journey says so")
        await backend.stop()
    }

    @Test func whenTheFirstAttemptNeverReachedTheBackendNothingWasSent() async throws {
        let closed = try await ClosedPort.url()
        let backend = try await ContractBackend.start()
        let token = try await signIn(backend)

        let result = await outcome(
            of: TransferRepositoryError.self,
            try await makeRepository(baseURL: closed, token: token, logger: quietLogger, key: "key-1").send(Self.draft)
        )

        #expect(result.error == .notSent)
        #expect(await backend.transferCount == 0)
        await backend.stop()
    }

    @Test func sendingTheSameTransferAgainAfterAnUnknownOutcomeMakesNothingNew() async throws {
        let backend = try await ContractBackend.start()
        let token = try await signIn(backend)
        let repository = makeRepository(backend, token: token, logger: quietLogger, key: "key-9")

        let first = try await repository.send(Self.draft)
        let again = try await repository.send(Self.draft)

        #expect(first == again)
        #expect(await backend.transferCount == 1)
    }

    // MARK: - Helpers

    static var draft: TransferDraft {
        guard
            case .success(let draft) = TransferDraft.validated(
                toAccount: "CH93", amount: "7.25", currency: "CHF", note: nil)
        else { preconditionFailure("a valid form") }
        return draft
    }

    private func signIn(_ backend: ContractBackend) async throws -> String {
        let response = try await URLSessionHTTPClient().send(
            .postJSON(backend.baseURL, "/v1/auth/apple", body: ["identityToken": "apple-identity:own"]))
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return try #require(object?["accessToken"] as? String)
    }

    private func makeRepository(
        _ backend: ContractBackend, token: String, logger: Logger, key: String
    ) -> RemoteTransferRepository {
        makeRepository(baseURL: backend.baseURL, token: token, logger: logger, key: key)
    }

    private func makeRepository(baseURL: URL, token: String, logger: Logger, key: String) -> RemoteTransferRepository {
        let session = AuthenticationSessionSpy(token: AccessToken(token))
        let chain = HTTPChain(transport: URLSessionHTTPClient(), logger: logger) { _ in session }
        return RemoteTransferRepository(
            client: chain.authenticated, baseURL: baseURL, reporter: ClientReportingSpy(), logger: logger,
            makeKey: { key })
    }
}
