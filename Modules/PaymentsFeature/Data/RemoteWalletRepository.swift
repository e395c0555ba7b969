public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// The wallet from `GET /v1/wallet`, over the app's HTTP chain.
///
/// Maps every `HTTPClientError` and `DecodingFailure` into `WalletRepositoryError`; nothing from Networking
/// leaves this type.
public struct RemoteWalletRepository: WalletRepository {
    static let endpoint = "/v1/wallet"

    private let client: any HTTPClient
    private let baseURL: URL
    private let reporter: any ClientReporting
    private let logger: Logger

    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        self.client = client
        self.baseURL = baseURL
        self.reporter = reporter
        self.logger = logger
    }

    public func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(.getJSON(baseURL, Self.endpoint))
        } catch {
            throw mapped(Self.repositoryError(for: error), from: error.journeyName)
        }

        let decoded: Decoded<Result<Wallet, WalletRepositoryError>>
        do throws(DecodingFailure) {
            decoded = try WalletDecoder.decode(response.body)
        } catch {
            throw mapped(.unavailable, from: error.journeyName)
        }
        reporter.submit(decoded.report, endpoint: Self.endpoint)

        switch decoded.value {
        case .success(let wallet):
            return wallet
        case .failure(.inReview(let state)):
            throw mapped(.inReview(state), from: "wallet status in_review")
        case .failure(let error):
            throw mapped(error, from: "wallet status unknown to this app version")
        }
    }

    /// 404 `wallet_not_found` and 403 `wallet_banned` are the wallet service's own answers; the same statuses
    /// without those codes (a proxy, a wrong route) say nothing about the wallet.
    static func repositoryError(for error: HTTPClientError) -> WalletRepositoryError {
        switch (error.kind, error.context.serverCode) {
        case (.notFound, "wallet_not_found"): .noWalletFound
        case (.forbidden, "wallet_banned"): .banned
        case (.unauthorized, _), (.sessionExpired, _): .sessionExpired
        case (let kind, _): kind.sharedError.map(WalletRepositoryError.shared) ?? .unavailable
        }
    }

    private func mapped(_ error: WalletRepositoryError, from cause: String) -> WalletRepositoryError {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .data, module: "PaymentsFeature", action: .mapped, from: cause, to: error.journeyName)
        )
        return error
    }
}

extension HTTPRequest {
    /// A GET for a path of the backend, asking for JSON.
    static func getJSON(_ baseURL: URL, _ path: String) -> HTTPRequest {
        HTTPRequest(method: .get, url: baseURL.appendingPathComponent(path), headers: ["Accept": "application/json"])
    }
}
