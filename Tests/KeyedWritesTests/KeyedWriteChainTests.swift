import Foundation
import KeyedWrites
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// The journal decides from what is known of the WRITE, never from the last send's failure alone: through the chain
/// as the app builds it (``HTTPChain``), an attempt that may have been made keeps the write pending whatever the
/// later attempts of the same call answer (a 404 the contract does not name, a 401, a refused refresh).
@Suite("A keyed write through the whole chain", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct KeyedWriteChainTests {
    static let laterAnswers: [(String, Result<HTTPResponse, HTTPClientError>)] = [
        ("a 404 without the contract's code", .success(.json(404, #"{"message":"no route"}"#))),
        ("401 invalid_token", .success(.contractError(401, "invalid_token"))),
        ("429 with Retry-After", .success(.contractError(429, "slow_down", headers: ["Retry-After": "1"]))),
        ("409 idempotency_key_in_use", .success(.contractError(409, "idempotency_key_in_use"))),
        ("no connection", .failure(HTTPClientError(kind: .offline, context: .init(request: .get("/"))))),
    ]

    @Test(arguments: laterAnswers.indices)
    func aFirstAttemptThatMayHaveBeenMadeKeepsTheWritePendingWhateverTheRetryGets(_ index: Int) async throws {
        let (_, later) = Self.laterAnswers[index]
        let (chain, journal, spy) = makeSUT(
            answers: [.failure(HTTPClientError(kind: .connectionLost, context: .init(request: .get("/")))), later],
            session: AuthenticationSessionSpy(refreshResults: [.failure(.invalidGrant)]))

        let result = await chain.outcome(of: transfer())

        #expect(spy.requests.count >= 2, "the first attempt, then the retries")
        #expect(result.failure?.context.keyedWrite == .pending)
        #expect(try await journal.writes(for: nil).map(\.key) == ["key-1"])
    }

    @Test func aRefreshRefusedAfterAnAttemptThatMayHaveBeenMadeKeepsTheWritePending() async throws {
        let (chain, journal, _) = makeSUT(
            answers: [
                .failure(HTTPClientError(kind: .connectionLost, context: .init(request: .get("/")))),
                .success(.contractError(401, "token_expired")),
            ],
            session: AuthenticationSessionSpy(refreshResults: [.failure(.invalidGrant)]))

        let result = await chain.outcome(of: transfer())

        #expect(result.failure?.kind == .sessionExpired)
        #expect(result.failure?.context.keyedWrite == .pending)
        #expect(try await journal.writes(for: nil).map(\.key) == ["key-1"])
    }

    @Test func aWriteThatReachedNothingLeavesTheJournal() async throws {
        let (chain, journal, _) = makeSUT(
            answers: [.failure(HTTPClientError(kind: .offline, context: .init(request: .get("/"))))],
            session: AuthenticationSessionSpy())

        let result = await chain.outcome(of: transfer())

        #expect(result.failure?.context.keyedWrite == .settled)
        #expect(try await journal.writes(for: nil).isEmpty)
    }

    @Test func aFinalAnswerUnderItsKeySettlesTheWriteEvenAfterALostAttempt() async throws {
        let (chain, journal, _) = makeSUT(
            answers: [
                .failure(HTTPClientError(kind: .connectionLost, context: .init(request: .get("/")))),
                .success(.contractError(402, "insufficient_funds")),
            ],
            session: AuthenticationSessionSpy())

        let result = await chain.outcome(of: transfer())

        #expect(result.failure?.context.keyedWrite == .settled)
        #expect(try await journal.writes(for: nil).isEmpty)
    }

    @Test func aRefreshedReplayThatIsAnsweredAndReadMakesTheWrite() async throws {
        let (chain, journal, spy) = makeSUT(
            answers: [.success(.contractError(401, "token_expired")), .success(.json(201, #"{"id":"t-1"}"#))],
            session: AuthenticationSessionSpy())

        let answer = try await chain.outcome(of: transfer()).get()
        await answer.journalled?.settle(with: answer)

        #expect(spy.requests.map { $0.headers[HeaderName.idempotencyKey] } == ["key-1", "key-1"])
        #expect(try await journal.writes(for: nil).map(\.isMade) == [true])
    }

    // MARK: - Helpers

    private func makeSUT(
        answers: [Result<HTTPResponse, HTTPClientError>], session: AuthenticationSessionSpy
    ) -> (any HTTPClient, PendingWrites, HTTPClientSpy) {
        let spy = HTTPClientSpy(results: answers)
        let journal = PendingWrites(
            file: nil, baseURL: TestURL.make(""),
            operations: [
                KeyedOperation(
                    method: .post, path: "/v1/transfers", notMade: [.init(402, "insufficient_funds")],
                    madeNothing: [.init(401), .init(409, "idempotency_key_in_use")])
            ], logger: quietLogger)
        let chain = HTTPChain(
            transport: spy, clock: VirtualClock(), random: FixedRandomSource(0),
            keyedWrites: journal.chainLinks(user: { nil }, logger: quietLogger), logger: quietLogger
        ) { _ in session }
        return (chain.authenticated, journal, spy)
    }

    private func transfer() -> HTTPRequest {
        var request = HTTPRequest.postJSON(TestURL.make(""), "/v1/transfers", body: ["amount": "1.00"])
        request.headers[HeaderName.idempotencyKey] = "key-1"
        return request
    }
}
