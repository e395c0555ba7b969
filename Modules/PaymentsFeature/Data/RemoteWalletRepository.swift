import Decoding
public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// The wallet from `GET /v1/wallet`, over the app's HTTP chain. Nothing from Networking leaves this type: every
/// failure is a `WalletRepositoryError` (``RemoteCall`` decides all but the wallet service's own answers).
public struct RemoteWalletRepository: WalletRepository {
    static let endpoint = "/v1/wallet"

    private let call: RemoteCall<WalletRepositoryError>
    /// The URL of every call, built once; each call is a request of its own (its own request id).
    private let url: URL

    /// Makes a repository that calls `baseURL` through `client` and reports decoding defects to `reporter`.
    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        url = baseURL.appendingPathComponent(Self.endpoint)
        call = RemoteCall(
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            ownAnswer: Self.ownAnswer)
    }

    /// The user's active wallet. Throws `.noWalletFound` (404 `wallet_not_found`), `.banned` (403 `wallet_banned`),
    /// `.inReview` for a wallet under review, and passes on the app-wide conditions, cancellation and unexplained
    /// failures.
    public func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        let wallet = try await call.perform(.getJSON(url), endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try WalletDecoder.decode(body)
        }
        switch wallet {
        case .success(let wallet):
            return wallet
        case .failure(.inReview(let state)):
            throw call.mapped(.inReview(state), fromBody: "wallet status in_review")
        case .failure(let error):
            throw call.mapped(error, fromBody: "wallet status unknown to this app version")
        }
    }

    /// 404 `wallet_not_found` and 403 `wallet_banned` are the wallet service's own answers; the same statuses
    /// without those codes (a proxy, a wrong route) say nothing about the wallet.
    static func ownAnswer(_ error: HTTPClientError) -> WalletRepositoryError? {
        switch (error.kind, error.context.serverCode) {
        case (.notFound, "wallet_not_found"): .noWalletFound
        case (.forbidden, "wallet_banned"): .banned
        default: nil
        }
    }
}
