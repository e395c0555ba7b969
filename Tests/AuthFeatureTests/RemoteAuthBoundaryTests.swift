import AuthFeature
import Domain
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// The auth feature's data boundaries against ARCHITECTURE.md, for every error the chain can throw.
@MainActor
@Suite("Auth data boundaries", .timeLimit(.minutes(1)))
struct RemoteAuthBoundaryTests {
    nonisolated static func inputs(codes: [(HTTPClientError.Kind, String)]) -> [(key: String, error: HTTPClientError)] {
        HTTPClientError.Kind.allCases.map { ("HTTPClientError.\($0.name)", error($0)) }
            + codes.map { ("HTTPClientError.\($0.0.name) + \($0.1)", error($0.0, code: $0.1)) }
    }

    nonisolated static let signInInputs = inputs(codes: [
        (.unauthorized, "invalid_identity_token"), (.forbidden, "account_banned"),
    ])
    nonisolated static let refreshInputs = inputs(codes: [
        (.unauthorized, "invalid_grant"), (.unexpectedStatus(400), "invalid_grant"),
    ])
    nonisolated static let profileInputs = inputs(codes: [])

    @Test(arguments: signInInputs)
    func signInMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let world = AuthWorld { _, _ throws(HTTPClientError) in throw input.error }
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: .scripted(.approve), logger: quietLogger), client: world.spy,
            baseURL: AuthWorld.baseURL, store: world.store, reporter: world.reports, logger: quietLogger)

        let thrown = try #require(await outcome(of: SignInError.self, try await service.signIn()).error)

        #expect(thrown.journeyName == (try ArchitectureDocument.boundary("RemoteSignInService")[input.key]))
    }

    @Test func signInWithABrokenTokenAnswerIsAsDocumented() async throws {
        let world = AuthWorld(routes: RouteScript(["/v1/auth/apple": [.respond(.json(200, #"{"accessToken":""}"#))]]))
        let service = RemoteSignInService(
            facade: AppleSignInFacade(userAgent: .scripted(.approve), logger: quietLogger), client: world.spy,
            baseURL: AuthWorld.baseURL, store: world.store, reporter: world.reports, logger: quietLogger)

        let thrown = try #require(await outcome(of: SignInError.self, try await service.signIn()).error)

        #expect(thrown.journeyName == (try ArchitectureDocument.boundary("RemoteSignInService")["DecodingFailure"]))
    }

    @Test func theSignInTableNamesNothingElse() throws {
        let documented = Set(try ArchitectureDocument.boundary("RemoteSignInService").keys)

        #expect(documented == Set(Self.signInInputs.map(\.key)).union(["DecodingFailure"]))
    }

    @Test(arguments: refreshInputs)
    func refreshMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let world = AuthWorld { _, _ throws(HTTPClientError) in throw input.error }
        try await world.signedIn()
        let session = StoredAuthenticationSession(
            store: world.store, client: world.spy, baseURL: AuthWorld.baseURL, logger: quietLogger)

        let observed = describe(await outcome(of: TokenRefreshError.self, try await session.refreshAccessToken()))

        #expect(observed == (try ArchitectureDocument.boundary("StoredAuthenticationSession")[input.key]))
    }

    @Test func refreshWithoutASessionOrWithABrokenAnswerIsAsDocumented() async throws {
        let table = try ArchitectureDocument.boundary("StoredAuthenticationSession")
        let empty = AuthWorld(routes: RouteScript([:]))
        let broken = AuthWorld(routes: RouteScript(["/v1/auth/refresh": [.respond(.json(200, "{}"))]]))
        try await broken.signedIn()

        let noSession = describe(
            await outcome(
                of: TokenRefreshError.self,
                try await StoredAuthenticationSession(
                    store: empty.store, client: empty.spy, baseURL: AuthWorld.baseURL, logger: quietLogger
                ).refreshAccessToken()))
        let brokenAnswer = describe(
            await outcome(
                of: TokenRefreshError.self,
                try await StoredAuthenticationSession(
                    store: broken.store, client: broken.spy, baseURL: AuthWorld.baseURL, logger: quietLogger
                ).refreshAccessToken()))

        #expect(noSession == table["no stored session"])
        #expect(brokenAnswer == table["DecodingFailure"])
        #expect(Set(table.keys) == Set(Self.refreshInputs.map(\.key)).union(["no stored session", "DecodingFailure"]))
    }

    @Test(arguments: profileInputs)
    func profileMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let repository = RemoteProfileRepository(
            client: HTTPClientSpy(results: [.failure(input.error)]), baseURL: AuthWorld.baseURL,
            reporter: ClientReportingSpy(), logger: quietLogger)

        let thrown = try #require(
            await outcome(of: ProfileRepositoryError.self, try await repository.fetchProfile()).error)

        #expect(thrown.journeyName == (try ArchitectureDocument.boundary("RemoteProfileRepository")[input.key]))
    }

    @Test(arguments: [
        ("DecodingFailure.missing(id)", #"{"name":"Ada"}"#),
        ("DecodingFailure.invalid(id)", #"{"id":[1],"name":"Ada"}"#),
    ])
    func profileWithoutAnIdIsAsDocumented(_ key: String, _ body: String) async throws {
        let reports = ClientReportingSpy()
        let repository = RemoteProfileRepository(
            client: HTTPClientSpy(answering: .json(200, body)), baseURL: AuthWorld.baseURL, reporter: reports,
            logger: quietLogger)

        let thrown = try #require(
            await outcome(of: ProfileRepositoryError.self, try await repository.fetchProfile()).error)

        #expect(thrown.journeyName == (try ArchitectureDocument.boundary("RemoteProfileRepository")[key]))
        #expect(reports.submitted.map(\.keyPath) == ["id"], "the broken required field is reported too")
    }

    @Test func theProfileTableNamesNothingElse() throws {
        let documented = Set(try ArchitectureDocument.boundary("RemoteProfileRepository").keys)

        #expect(
            documented
                == Set(Self.profileInputs.map(\.key)).union([
                    "DecodingFailure.missing(id)", "DecodingFailure.invalid(id)",
                ]))
    }

    private func describe(_ result: Result<AccessToken, TokenRefreshError>) -> String {
        switch result {
        case .success: "a new token"
        case .failure(.noSession): "TokenRefreshError.noSession (the session ends)"
        case .failure(.invalidGrant): "TokenRefreshError.invalidGrant (the session ends)"
        case .failure(.unavailable): "TokenRefreshError.unavailable (the session is kept)"
        }
    }

    nonisolated private static func error(_ kind: HTTPClientError.Kind, code: String? = nil) -> HTTPClientError {
        HTTPClientError(
            kind: kind, context: HTTPErrorContext(request: .get("/"), status: kind.status, serverCode: code))
    }
}
