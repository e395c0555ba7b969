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
    private let baseURL: URL

    public init(
        client: any HTTPClient, baseURL: URL, reporter: any ClientReporting,
        observer: (any BackendAnswerObserving)? = nil, logger: Logger
    ) {
        self.baseURL = baseURL
        call = RemoteCall(
            client: client, reporter: reporter, module: "PaymentsFeature", logger: logger,
            mapHTTPError: Self.repositoryError(for:), mapDecodingFailure: { .unavailable($0.diagnostic) },
            observer: observer)
    }

    public func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard] {
        try await call.perform(.getJSON(baseURL, Self.endpoint), endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try PaymentCardsDecoder.decode(body)
        }
    }

    /// A cancelled call stays ignorable (``ErrorPolicy``); the envelope's codes are the service's own answers.
    static func repositoryError(for error: HTTPClientError) -> PaymentCardsRepositoryError {
        if ErrorPolicy.reaction(to: error.category) == .ignore { return .cancelled }
        switch error.kind {
        case .errorEnvelope("SERVICE_DOWN"): return .serviceDown
        case .errorEnvelope("CARDS_LOCKED"): return .cardsLocked
        case .unauthorized, .sessionExpired: return .sessionExpired
        case let kind: return kind.sharedError.map(PaymentCardsRepositoryError.shared) ?? .unavailable(error.diagnostic)
        }
    }
}
