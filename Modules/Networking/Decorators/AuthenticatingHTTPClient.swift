public import Logging
import SharedError

/// Adds `Authorization: Bearer …` to every request; on 401 `token_expired` it gets a refreshed token from the
/// ``TokenRefreshCoordinator`` and replays the request once. On 401 `invalid_token` (the backend does not know
/// the token at all) it replays once with the token another holder of the session stored meanwhile, if there is
/// one; otherwise the session is over: it is ended, so the next run does not send the dead token again.
///
/// At most one replay per request, whatever the reason: a second 401 is the request's answer. 403 is never expiry,
/// and concurrent expiries share one refresh. A token about to expire is refreshed before it is sent
/// (``TokenRefreshCoordinator/tokenToSend(deadline:)``). A replay after `token_expired` is paid for from the retry
/// budget (what is left of its price); it is made even when the budget is spent, since without it a valid session
/// would end as "sign in again".
public struct AuthenticatingHTTPClient: HTTPClient {
    /// The server code that marks a refreshable 401.
    public static let expiredTokenCode = "token_expired"
    /// The server code of a 401 for a token the backend does not know: no refresh can help.
    public static let unknownTokenCode = "invalid_token"

    private let decoratee: any HTTPClient
    private let coordinator: TokenRefreshCoordinator
    private let retryBudget: RetryBudget
    private let journey: JourneyRecorder

    /// Makes the decorator; `coordinator` supplies tokens and runs the one refresh that concurrent expiries share.
    /// - Parameter retryBudget: the budget a replay after `token_expired` is paid from, shared with the retries; a
    ///   new one by default.
    public init(
        decoratee: any HTTPClient, coordinator: TokenRefreshCoordinator, retryBudget: RetryBudget = RetryBudget(),
        logger: Logger
    ) {
        self.decoratee = decoratee
        self.coordinator = coordinator
        self.retryBudget = retryBudget
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends `request` with the current bearer token, replaying it at most once after a refreshed or replaced token.
    /// Throws `.sessionExpired` when nobody is signed in or the session could not be renewed; other failures pass
    /// through.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let token: AccessToken
        switch await coordinator.tokenToSend(deadline: request.deadline) {
        case nil:
            throw mapped(.sessionExpired, request: request, cause: "no signed-in session")
        case .success(let current)?:
            token = current
        case .failure(let failure)?:
            throw noToken(failure, request: request, original: nil)
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
        error.category == .recoverable && error.isUnauthorized(expiredTokenCode)
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
            retryBudget.spendWhatIsLeft(upTo: retryBudget.settings.price)
            return try await replay(
                request, with: fresh, because: "HTTPClientError.unauthorized(token_expired)",
                what: "replayed \(request.method) \(request.path) with the new token")
        case .failure(let failure):
            throw noToken(failure, request: request, original: original)
        }
    }

    /// The error a request ends with when no token could be had; `original` is the 401 that asked for one, if any.
    private func noToken(
        _ failure: TokenRefreshCoordinator.Failure, request: HTTPRequest, original: HTTPClientError?
    ) -> HTTPClientError {
        switch failure {
        case .sessionExpired:
            mapped(.sessionExpired, request: request, cause: "session ended", origin: .backend)
        case .budgetExhausted:
            original ?? HTTPClientError(kind: .unauthorized, context: HTTPErrorContext(request: request))
        case .unavailable(let kind):
            HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: "refresh failed"))
        case .cancelled:
            HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        case .deadlinePassed:
            mapped(.timedOut, request: request, cause: "deadline passed while waiting for the token refresh")
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
        copy.headers[HeaderName.authorization] = "Bearer " + token.value
        return copy
    }
}
