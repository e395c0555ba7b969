import AuthFeature
import Foundation
import Networking
import TestSupport
import Testing

/// A session belongs to the backend that issued it: its tokens are never sent to another, and that session is
/// left as it is.
@Suite("A session belongs to its backend", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SessionOriginTests {
    @Test func aSessionFromAnotherBackendIsNeitherSentNorRefreshedThere() async throws {
        let folder = TemporaryFolder()
        let store = FileSessionStore(path: folder.url.appendingPathComponent("session.json"), logger: quietLogger)
        let issuer = try #require(URL(string: "http://127.0.0.1:1111"))
        try await store.save(
            StoredSession(
                accessToken: "access-from-a", refreshToken: "refresh-from-a", expiresAt: nil, userID: "u",
                userName: "Ada", origin: BackendOrigin(issuer)))
        let spy = HTTPClientSpy(answering: .json(200, #"{"accessToken":"x","refreshToken":"y"}"#))
        let elsewhere = TokenRefreshSession(
            store: store, client: spy, baseURL: try #require(URL(string: "http://127.0.0.1:2222")),
            logger: quietLogger)

        let token = await elsewhere.currentAccessToken()
        let refresh = await outcome(of: TokenRefreshError.self, try await elsewhere.refreshAccessToken())

        #expect(token == nil)
        #expect(refresh.error == .noSession)
        #expect(spy.requests.isEmpty, "nothing of A's session was sent")
        #expect(store.load()?.accessToken == "access-from-a", "A's session is left as it is")
        let home = TokenRefreshSession(store: store, client: spy, baseURL: issuer, logger: quietLogger)
        #expect(await home.currentAccessToken() == AccessToken("access-from-a"))
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", true), ("http://127.8.9.1", true), ("http://localhost:1", true),
        ("http://api.localhost", true), ("http://[::1]:8080", true), ("http://128.0.0.1", false),
        ("http://10.0.0.7", false), ("http://example.com", false), ("http://[::2]", false),
        ("http://localhost.example.com", false),
    ])
    func loopbackHostsAreThisMachineOnly(_ url: String, _ loopback: Bool) throws {
        #expect(BackendOrigin(try #require(URL(string: url))).isLoopback == loopback)
    }
}
