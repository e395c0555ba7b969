public import Logging
import SharedError

/// Adds `Authorization: Bearer …` to every request; on 401 `token_expired` it gets a refreshed token from the
/// ``TokenRefreshCoordinator`` and replays the request once.
///
/// Fixes the refresh decorator of the articles: 403 is not expiry; a second 401 after the replay is an error,
/// not a success; and many requests share one refresh instead of refreshing once each.
public struct AuthenticatingHTTPClient: HTTPClient {
    /// The server code that marks a refreshable 401.
    public static let expiredTokenCode = "token_expired"

    private let decoratee: any HTTPClient
    private let coordinator: TokenRefreshCoordinator
    private let logger: Logger

    public init(decoratee: any HTTPClient, coordinator: TokenRefreshCoordinator, logger: Logger) {
        self.decoratee = decoratee
        self.coordinator = coordinator
        self.logger = logger
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard let token = await coordinator.currentToken() else {
            throw mapped(.sessionExpired, request: request, cause: "no signed-in session")
        }
        do throws(HTTPClientError) {
            return try await decoratee.send(request.authorized(with: token))
        } catch  where error.kind == .unauthorized && error.context.serverCode == Self.expiredTokenCode {
            return try await replay(request, afterExpiryOf: token, original: error)
        }
    }

    private func replay(
        _ request: HTTPRequest, afterExpiryOf token: AccessToken, original: HTTPClientError
    ) async throws(HTTPClientError) -> HTTPResponse {
        switch await coordinator.renewedToken(replacing: token, deadline: request.deadline) {
        case .success(let fresh):
            var replay = request.authorized(with: fresh)
            replay.attempt = request.attempt + 1
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .networking, module: "Networking", action: .retried,
                    from: "HTTPClientError.unauthorized(token_expired)",
                    to: "replayed \(request.method) \(request.path) with the new token")
            )
            // A second 401 is an error: at most one refresh per request.
            return try await decoratee.send(replay)
        case .failure(.sessionExpired):
            throw mapped(.sessionExpired, request: request, cause: "session ended")
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

    private func mapped(_ kind: HTTPClientError.Kind, request: HTTPRequest, cause: String) -> HTTPClientError {
        let error = HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .networking, module: "Networking", action: .mapped, from: cause, to: error.journeyName),
            level: .warning
        )
        return error
    }
}

extension HTTPRequest {
    func authorized(with token: AccessToken) -> HTTPRequest {
        var copy = self
        copy.headers[HeaderName.authorization] = "Bearer \(token.value)"
        return copy
    }
}
