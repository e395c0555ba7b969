public import Logging
import SharedError

/// Adds `Authorization: Bearer …` to every request; on 401 `token_expired` it gets a refreshed token from the
/// ``TokenRefreshCoordinator`` and replays the request once. On 401 `invalid_token` (the backend does not know
/// the token at all) it replays once with the token another holder of the session stored meanwhile, if there is
/// one; otherwise the session is over: it is ended, so the next run does not send the dead token again.
///
/// At most one replay per request, whatever the reason: a second 401 is the request's answer. 403 is never expiry,
/// and concurrent expiries share one refresh.
public struct AuthenticatingHTTPClient: HTTPClient {
    /// The server code that marks a refreshable 401.
    public static let expiredTokenCode = "token_expired"
    /// The server code of a 401 for a token the backend does not know: no refresh can help.
    public static let unknownTokenCode = "invalid_token"

    private let decoratee: any HTTPClient
    private let coordinator: TokenRefreshCoordinator
    private let journey: JourneyRecorder

    /// Makes the decorator; `coordinator` supplies tokens and runs the one refresh that concurrent expiries share.
    public init(decoratee: any HTTPClient, coordinator: TokenRefreshCoordinator, logger: Logger) {
        self.decoratee = decoratee
        self.coordinator = coordinator
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends `request` with the current bearer token, replaying it at most once after a refreshed or replaced token.
    /// Throws `.sessionExpired` when nobody is signed in or the session could not be renewed; other failures pass
    /// through.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard let token = await coordinator.currentToken() else {
            throw mapped(.sessionExpired, request: request, cause: "no signed-in session")
        }
        do throws(HTTPClientError) {
            return try await decoratee.send(request.authorized(with: token))
        } catch  where Self.canRecover(from: error) {
            return try await replay(request, afterExpiryOf: token, original: error)
        } catch  where error.isUnauthorized(Self.unknownTokenCode) {
            guard let replacement = await coordinator.tokenAfterRefusal(of: token, deadline: request.deadline) else {
                throw sessionEnded(request: request)
            }
            return try await replay(
                request, with: replacement, because: "HTTPClientError.unauthorized(invalid_token)",
                what: "replayed \(request.method) \(request.path) with the token another run had stored")
        }
    }

    /// Refreshing is how this layer recovers, and only a 401 `token_expired` is its to recover from.
    private static func canRecover(from error: HTTPClientError) -> Bool {
        ErrorPolicy.reaction(to: error.category, canRecover: error.isUnauthorized(expiredTokenCode)) == .recover
    }

    private func sessionEnded(request: HTTPRequest) -> HTTPClientError {
        mapped(
            .sessionExpired, request: request, cause: "HTTP 401 \(Self.unknownTokenCode) (session ended)",
            origin: .backend)
    }

    private func replay(
        _ request: HTTPRequest, afterExpiryOf token: AccessToken, original: HTTPClientError
    ) async throws(HTTPClientError) -> HTTPResponse {
        switch await coordinator.renewedToken(replacing: token, deadline: request.deadline) {
        case .success(let fresh):
            return try await replay(
                request, with: fresh, because: "HTTPClientError.unauthorized(token_expired)",
                what: "replayed \(request.method) \(request.path) with the new token")
        case .failure(.sessionExpired):
            throw mapped(.sessionExpired, request: request, cause: "session ended", origin: .backend)
        case .failure(.budgetExhausted):
            throw original
        case .failure(.unavailable(let kind)):
            throw HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: "refresh failed"))
        case .failure(.cancelled):
            throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        case .failure(.deadlinePassed):
            throw mapped(.timedOut, request: request, cause: "deadline passed while waiting for the token refresh")
        }
    }

    /// Sends `request` once more with `fresh`; a second 401 is an error, and an `invalid_token` for `fresh` ends the
    /// session that holds it.
    private func replay(
        _ request: HTTPRequest, with fresh: AccessToken, because cause: String, what: String
    ) async throws(HTTPClientError) -> HTTPResponse {
        var replay = request.authorized(with: fresh)
        replay.attempt = request.attempt + 1
        journey.record(.retried, from: cause, to: what, category: .recoverable, origin: .networking)
        do throws(HTTPClientError) {
            var response = try await decoratee.send(replay)
            response.attempt = max(response.attempt, replay.attempt)
            return response
        } catch  where error.isUnauthorized(Self.unknownTokenCode) {
            guard await coordinator.tokenAfterRefusal(of: fresh) == nil else {
                throw mapped(
                    .sessionExpired, request: replay, cause: "HTTP 401 \(Self.unknownTokenCode) after a replay",
                    origin: .backend)
            }
            throw sessionEnded(request: replay)
        }
    }

    private func mapped(
        _ kind: HTTPClientError.Kind, request: HTTPRequest, cause: String, origin: JourneyOrigin = .networking
    ) -> HTTPClientError {
        let error = HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
        journey.record(
            .mapped, from: cause, to: error.journeyName, category: error.category, origin: origin, level: .warning)
        return error
    }
}

extension HTTPClientError {
    fileprivate func isUnauthorized(_ code: String) -> Bool {
        kind == .unauthorized && context.serverCode == code
    }
}

extension HTTPRequest {
    func authorized(with token: AccessToken) -> HTTPRequest {
        var copy = self
        copy.headers[HeaderName.authorization] = "Bearer \(token.value)"
        return copy
    }
}
