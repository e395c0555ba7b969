public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// Sign in with Apple, then `POST /v1/auth/apple` to exchange Apple's identity token for the app's tokens,
/// then keep the session.
@MainActor
public final class RemoteSignInService: SignInService {
    static let endpoint = "/v1/auth/apple"

    private let facade: AppleSignInFacade
    private let client: any HTTPClient
    private let baseURL: URL
    private let store: FileSessionStore
    private let reporter: any ClientReporting
    private let logger: Logger

    /// - Parameter client: a chain WITHOUT the authentication decorator (nobody is signed in yet).
    public init(
        facade: AppleSignInFacade, client: any HTTPClient, baseURL: URL, store: FileSessionStore,
        reporter: any ClientReporting, logger: Logger
    ) {
        self.facade = facade
        self.client = client
        self.baseURL = baseURL
        self.store = store
        self.reporter = reporter
        self.logger = logger
    }

    public func signIn() async throws(SignInError) -> SignedInUser {
        let credential = try await facade.authorize()
        let body = (try? JSONEncoder().encode(["identityToken": credential.identityToken])) ?? Data()
        let request = HTTPRequest(
            method: .post, url: baseURL.appendingPathComponent(Self.endpoint),
            headers: [HeaderName.contentType: "application/json"], body: body)

        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            throw mapped(Self.signInError(for: error), from: error.journeyName)
        }

        let decoded: Decoded<TokenResponse>
        do throws(DecodingFailure) {
            decoded = try LenientJSONDecoder().decode(TokenResponse.self, from: response.body)
        } catch {
            throw mapped(.unavailable, from: error.journeyName)
        }
        reporter.submit(decoded.report, endpoint: Self.endpoint)

        let tokens = decoded.value
        let user = SignedInUser(
            id: tokens.user?.id ?? credential.userID,
            name: tokens.user.map(\.name).flatMap { $0 == UserResponse.defaultName ? nil : $0 } ?? credential.name
                ?? UserResponse.defaultName)
        do throws(SessionStoreError) {
            try await store.save(
                StoredSession(
                    accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                    expiresAt: tokens.expiresIn.map { Date().addingTimeInterval(TimeInterval($0)) }, userID: user.id,
                    userName: user.name))
        } catch {
            logger.warning("signed in for this run only: \(error)")
        }
        return user
    }

    /// 401 `invalid_identity_token` and 403 `account_banned` are the auth service's own answers.
    static func signInError(for error: HTTPClientError) -> SignInError {
        switch (error.kind, error.context.serverCode) {
        case (.unauthorized, "invalid_identity_token"): .identityRejected
        case (.forbidden, "account_banned"): .banned
        case (let kind, _): kind.sharedError.map(SignInError.shared) ?? .unavailable
        }
    }

    private func mapped(_ error: SignInError, from cause: String) -> SignInError {
        logger.recordJourney(
            ErrorJourneyEvent(layer: .data, module: "AuthFeature", action: .mapped, from: cause, to: error.journeyName),
            level: .warning
        )
        return error
    }
}
