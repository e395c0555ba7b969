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

    public func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard] {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(.getJSON(baseURL, Self.endpoint))
        } catch {
            throw mapped(Self.repositoryError(for: error), from: error.journeyName)
        }

        let decoded: Decoded<[PaymentCard]>
        do throws(DecodingFailure) {
            decoded = try PaymentCardsDecoder.decode(response.body)
        } catch {
            throw mapped(.unavailable, from: error.journeyName)
        }
        reporter.submit(decoded.report, endpoint: Self.endpoint)
        return decoded.value
    }

    static func repositoryError(for error: HTTPClientError) -> PaymentCardsRepositoryError {
        switch error.kind {
        case .errorEnvelope("SERVICE_DOWN"): .serviceDown
        case .errorEnvelope("CARDS_LOCKED"): .cardsLocked
        case .unauthorized, .sessionExpired: .sessionExpired
        case let kind: kind.sharedError.map(PaymentCardsRepositoryError.shared) ?? .unavailable
        }
    }

    private func mapped(_ error: PaymentCardsRepositoryError, from cause: String) -> PaymentCardsRepositoryError {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .data, module: "PaymentsFeature", action: .mapped, from: cause, to: error.journeyName)
        )
        return error
    }
}
