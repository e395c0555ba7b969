import Networking
import TestSupport

/// A session that records what the authentication decorator asks of it.
actor AuthenticationSessionSpy: AuthenticationSession {
    private(set) var token: AccessToken?
    private var refreshResults: [Result<AccessToken, TokenRefreshError>]
    private let refreshGate: AsyncGate?
    private(set) var refreshCalls = 0
    private(set) var refreshesFinished = 0
    private(set) var endSessionCalls = 0

    init(
        token: AccessToken? = AccessToken("old"),
        refreshResults: [Result<AccessToken, TokenRefreshError>] = [.success(AccessToken("new"))],
        refreshGate: AsyncGate? = nil
    ) {
        self.token = token
        self.refreshResults = refreshResults
        self.refreshGate = refreshGate
    }

    func currentAccessToken() -> AccessToken? { token }

    func refreshAccessToken() async throws(TokenRefreshError) -> AccessToken {
        refreshCalls += 1
        if let refreshGate { await refreshGate.wait() }
        refreshesFinished += 1
        let result = refreshResults.count > 1 ? refreshResults.removeFirst() : refreshResults[0]
        let fresh = try result.get()
        token = fresh
        return fresh
    }

    func endSession() {
        endSessionCalls += 1
        token = nil
    }

    func replaceToken(with token: AccessToken) {
        self.token = token
    }
}
