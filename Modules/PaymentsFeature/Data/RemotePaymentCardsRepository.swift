import Decoding
public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// The saved cards from the legacy `GET /v1/payment-cards`, which always answers 200 and signals errors in its
/// body; compose the client with `ErrorEnvelopeMappingHTTPClient`.
///
/// A malformed card is dropped and reported; the others are returned.
public struct RemotePaymentCardsRepository: PaymentCardsRepository {
    static let endpoint = "/v1/payment-cards"

    private let call: RemoteCall<PaymentCardsRepositoryError>
    /// The URL of every call, built once; each call is a request of its own (its own request id).
    private let url: URL

    /// Makes a repository that calls `baseURL` through `client`, which must map error envelopes; decoding defects go to
    /// `reporter`.
    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        url = baseURL.appendingPathComponent(Self.endpoint)
        call = RemoteCall(
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            ownAnswer: Self.ownAnswer)
    }

    /// The saved cards that decoded, malformed ones dropped and reported. Throws `.serviceDown` or `.cardsLocked` for
    /// the envelope's codes, and passes on the app-wide conditions, cancellation and unexplained failures.
    public func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard] {
        try await call.perform(.getJSON(url), endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try PaymentCardsDecoder.decode(body)
        }
    }

    /// The envelope's codes are the cards service's own answers.
    static func ownAnswer(_ error: HTTPClientError) -> PaymentCardsRepositoryError? {
        switch error.kind {
        case .errorEnvelope("SERVICE_DOWN"): .serviceDown
        case .errorEnvelope("CARDS_LOCKED"): .cardsLocked
        default: nil
        }
    }
}
