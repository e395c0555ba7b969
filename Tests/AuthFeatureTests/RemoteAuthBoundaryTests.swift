import AuthFeature
import Composition
import Domain
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// The auth feature's data boundaries against `docs/boundaries.md`, for every error the chain can throw.
@MainActor
@Suite("Auth data boundaries", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RemoteAuthBoundaryTests {
    nonisolated static let signInInputs = HTTPClientErrorSamples.all(plus: [
        (.unauthorized, "invalid_identity_token"), (.forbidden, "account_banned"),
        (.unexpectedStatus(400), "bad_request"), (.unexpectedStatus(413), "payload_too_large"),
    ])
    nonisolated static let refreshInputs = HTTPClientErrorSamples.all(plus: [
        (.unauthorized, "invalid_grant"), (.unexpectedStatus(400), "invalid_grant"),
        (.unexpectedStatus(400), "bad_request"), (.unexpectedStatus(413), "payload_too_large"),
    ])
    nonisolated static let profileInputs = HTTPClientErrorSamples.all()

    @Test(arguments: signInInputs)
    func signInMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let world = TestApp(session: nil) { _, _ throws(HTTPClientError) in throw input.error }
        let probe = JourneyProbe()
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: .scripted(.approve), logger: quietLogger), client: world.spy,
            baseURL: TestApp.baseURL, store: world.store, reporter: ClientReportingSpy(), logger: probe.logger)

        let thrown = try #require(await outcome(of: SignInError.self, try await service.signIn()).error)

        try BoundaryTable("RemoteSignInService").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func signInWithABrokenTokenAnswerIsAsDocumented() async throws {
        let world = TestApp(
            session: nil, routes: RouteScript(["/v1/auth/apple": [.respond(.json(200, #"{"accessToken":""}"#))]]))
        let probe = JourneyProbe()
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: .scripted(.approve), logger: quietLogger), client: world.spy,
            baseURL: TestApp.baseURL, store: world.store, reporter: ClientReportingSpy(), logger: probe.logger)

        let thrown = try #require(await outcome(of: SignInError.self, try await service.signIn()).error)

        try BoundaryTable("RemoteSignInService").check(
            "DecodingFailure", category: .unhandleable, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func theSignInTableNamesNothingElse() throws {
        try BoundaryTable("RemoteSignInService").checkNamesExactly(Self.signInInputs.map(\.key) + ["DecodingFailure"])
    }

    @Test(arguments: refreshInputs)
    func refreshMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let world = TestApp(session: nil) { _, _ throws(HTTPClientError) in throw input.error }
        try await world.signedIn()
        let session = TokenRefreshSession(
            store: world.store, client: world.spy, baseURL: TestApp.baseURL, logger: quietLogger)

        let observed = describe(await outcome(of: TokenRefreshError.self, try await session.refreshAccessToken()))

        try BoundaryTable("TokenRefreshSession").check(
            input.key, category: input.error.category, reaction: .value(observed))
    }

    @Test func refreshWithoutASessionOrWithABrokenAnswerIsAsDocumented() async throws {
        let table = try BoundaryTable("TokenRefreshSession")
        let empty = TestApp(session: nil, routes: RouteScript([:]))
        let broken = TestApp(session: nil, routes: RouteScript(["/v1/auth/refresh": [.respond(.json(200, "{}"))]]))
        try await broken.signedIn()

        let noSession = describe(
            await outcome(
                of: TokenRefreshError.self,
                try await TokenRefreshSession(
                    store: empty.store, client: empty.spy, baseURL: TestApp.baseURL, logger: quietLogger
                ).refreshAccessToken()))
        let brokenAnswer = describe(
            await outcome(
                of: TokenRefreshError.self,
                try await TokenRefreshSession(
                    store: broken.store, client: broken.spy, baseURL: TestApp.baseURL, logger: quietLogger
                ).refreshAccessToken()))

        table.check("no stored session", category: nil, reaction: .value(noSession))
        table.check("DecodingFailure", category: .unhandleable, reaction: .value(brokenAnswer))
        table.checkNamesExactly(
            Self.refreshInputs.map(\.key) + [
                "no stored session", "DecodingFailure", "signed out while the refresh was under way",
            ])
    }

    @Test func refreshAnsweredAfterASignOutIsAsDocumented() async throws {
        let store = InMemorySessionStore(TestApp.session())
        let world = TestApp(store: store) { _, _ in
            _ = await store.clear()
            return .json(200, AuthBodies.refreshed)
        }
        let session = TokenRefreshSession(
            store: world.store, client: world.spy, baseURL: TestApp.baseURL, logger: quietLogger)

        let observed = describe(await outcome(of: TokenRefreshError.self, try await session.refreshAccessToken()))

        try BoundaryTable("TokenRefreshSession").check(
            "signed out while the refresh was under way", category: nil, reaction: .value(observed))
        #expect(await store.load() == nil, "the new tokens are not saved")
    }

    @Test(arguments: profileInputs)
    func profileMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let probe = JourneyProbe()
        let repository = RemoteProfileRepository(
            client: HTTPClientSpy(results: [.failure(input.error)]), baseURL: TestApp.baseURL,
            reporter: ClientReportingSpy(), logger: probe.logger)

        let thrown = try #require(
            await outcome(of: ProfileRepositoryError.self, try await repository.fetchProfile()).error)

        try BoundaryTable("RemoteProfileRepository").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test(arguments: [
        ("DecodingFailure.missing(id)", #"{"name":"Ada"}"#),
        ("DecodingFailure.invalid(id)", #"{"id":[1],"name":"Ada"}"#),
    ])
    func profileWithoutAnIdIsAsDocumented(_ key: String, _ body: String) async throws {
        let reports = ClientReportingSpy()
        let probe = JourneyProbe()
        let repository = RemoteProfileRepository(
            client: HTTPClientSpy(answering: .json(200, body)), baseURL: TestApp.baseURL, reporter: reports,
            logger: probe.logger)

        let thrown = try #require(
            await outcome(of: ProfileRepositoryError.self, try await repository.fetchProfile()).error)

        try BoundaryTable("RemoteProfileRepository").check(
            key, category: .unhandleable, reaction: .recorded(by: .data, in: probe, result: thrown))
        #expect(reports.submitted.map(\.keyPath) == ["id"], "the broken required field is reported too")
    }

    /// The repository keeps its URL between calls, never its request: each call has a request id of its own.
    @Test func eachProfileCallIsARequestOfItsOwn() async throws {
        let spy = HTTPClientSpy(answering: .json(200, #"{"id":"u-1","name":"Ada"}"#))
        let repository = RemoteProfileRepository(
            client: spy, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)

        for _ in 0..<3 { _ = try await repository.fetchProfile() }

        #expect(Set(spy.requests.map(\.id)).count == 3, "\(spy.requests.map(\.id))")
    }

    @Test func theProfileTableNamesNothingElse() throws {
        try BoundaryTable("RemoteProfileRepository").checkNamesExactly(
            Self.profileInputs.map(\.key) + ["DecodingFailure.missing(id)", "DecodingFailure.invalid(id)"])
    }

    private func describe(_ result: Result<TokenRenewal, TokenRefreshError>) -> String {
        switch result {
        case .success(.refreshed): "a new token"
        case .success(.adopted): "the token another run stored"
        case .failure(.noSession): "TokenRefreshError.noSession (the session ends)"
        case .failure(.invalidGrant): "TokenRefreshError.invalidGrant (the session ends)"
        case .failure(.unavailable): "TokenRefreshError.unavailable (the session is kept)"
        }
    }
}
