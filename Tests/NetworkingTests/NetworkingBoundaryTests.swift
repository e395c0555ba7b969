import Networking
import SharedError
import TestSupport
import Testing

/// The chain's own boundaries: what the retry and the authentication decorators do with every error that reaches
/// them from below, against `docs/boundaries.md` and ``ErrorPolicy``.
@Suite("Networking boundaries: retry and authentication", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct NetworkingBoundaryTests {
    static let inputs = HTTPClientErrorSamples.all(plus: [
        (.unauthorized, "token_expired"), (.unauthorized, "invalid_token"),
    ])

    @Test(arguments: inputs)
    func theRetryDecoratorRecoversOnlyWhatIsItsToRecover(_ input: (key: String, error: HTTPClientError)) async throws {
        let probe = JourneyProbe()
        let spy = HTTPClientSpy(results: [.failure(input.error), .success(.json(200, "{}"))])
        let sut = RetryingHTTPClient(
            decoratee: spy, clock: VirtualClock(), random: FixedRandomSource(0.5), logger: probe.logger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        try BoundaryTable("RetryingHTTPClient").check(
            input.key, category: input.error.category,
            reaction: .recorded(by: .networking, in: probe, result: result.error))
    }

    @Test(arguments: inputs)
    func theAuthenticationDecoratorRecoversOnlyWhatIsItsToRecover(_ input: (key: String, error: HTTPClientError))
        async throws
    {
        let probe = JourneyProbe()
        let spy = HTTPClientSpy(results: [.failure(input.error), .success(.json(200, "{}"))])
        let coordinator = TokenRefreshCoordinator(
            session: AuthenticationSessionSpy(), clock: VirtualClock(), logger: probe.logger)
        let sut = AuthenticatingHTTPClient(decoratee: spy, coordinator: coordinator, logger: probe.logger)

        let result = await sut.outcome(of: .get("/v1/wallet"))

        try BoundaryTable("AuthenticatingHTTPClient").check(
            input.key, category: input.error.category,
            reaction: .recorded(by: .networking, in: probe, result: result.error))
    }

    @Test func theTablesNameNothingElse() throws {
        try BoundaryTable("RetryingHTTPClient").checkNamesExactly(Self.inputs.map(\.key))
        try BoundaryTable("AuthenticatingHTTPClient").checkNamesExactly(Self.inputs.map(\.key))
    }
}
