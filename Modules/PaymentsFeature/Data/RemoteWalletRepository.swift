public import Domain
public import Foundation
public import Logging
public import Networking

/// The wallet from `GET /v1/wallet`, over the app's HTTP chain.
///
/// Maps every `HTTPClientError` and `DecodingFailure` into `WalletRepositoryError`; nothing from Networking
/// leaves this type.
public struct RemoteWalletRepository: WalletRepository {
    static let endpoint = "/v1/wallet"

    private let call: RemoteCall<WalletRepositoryError>
    private let baseURL: URL

    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        self.baseURL = baseURL
        call = RemoteCall(
            client: client, reporter: reporter, module: "PaymentsFeature", logger: logger,
            mapHTTPError: Self.repositoryError(for:), mapDecodingFailure: { _ in .unavailable })
    }

    public func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        let wallet = try await call.perform(.getJSON(baseURL, Self.endpoint), endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try WalletDecoder.decode(body)
        }
        switch wallet {
        case .success(let wallet):
            return wallet
        case .failure(.inReview(let state)):
            throw call.mapped(.inReview(state), from: "wallet status in_review")
        case .failure(let error):
            throw call.mapped(error, from: "wallet status unknown to this app version")
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
}
