public import Networking
import Testing

/// A session that records what the authentication decorator asks of it.
public actor AuthenticationSessionSpy: AuthenticationSession {
    public private(set) var token: AccessToken?
    private var refreshResults: [Result<AccessToken, TokenRefreshError>]
    private let refreshGate: AsyncGate?
    public private(set) var refreshCalls = 0
    public private(set) var refreshesFinished = 0
    public private(set) var endSessionCalls = 0

    public init(
        token: AccessToken? = AccessToken("old"),
        refreshResults: [Result<AccessToken, TokenRefreshError>] = [.success(AccessToken("new"))],
        refreshGate: AsyncGate? = nil
    ) {
        self.token = token
        self.refreshResults = refreshResults
        self.refreshGate = refreshGate
    }

    public func currentAccessToken() -> AccessToken? { token }

    public func refreshAccessToken() async throws(TokenRefreshError) -> AccessToken {
        refreshCalls += 1
        if let refreshGate { await refreshGate.wait() }
        refreshesFinished += 1
        let result = refreshResults.count > 1 ? refreshResults.removeFirst() : refreshResults[0]
        let fresh = try result.get()
        token = fresh
        return fresh
    }

    public func endSession() {
        endSessionCalls += 1
        token = nil
    }

    public func replaceToken(with token: AccessToken) {
        self.token = token
    }
}
