public import Decoding
public import Domain
public import Foundation
import Networking
import SharedError

/// Decodes `GET /v1/payment-cards` bodies into cards and a report.
///
/// The repository's own parser, public so that the benchmarks and the fuzzing tests run exactly this code.
public enum PaymentCardsDecoder {
    /// The cards in `body` that decoded, in order; each malformed card is dropped and reported. Throws
    /// ``DecodingFailure`` when the body is not JSON or has no list of cards.
    public static func decode(_ body: Data) throws(DecodingFailure) -> Decoded<[PaymentCard]> {
        let decoded = try LenientJSONDecoder().decode(PaymentCardsResponse.self, from: body)
        return Decoded(value: decoded.value.cards.elements.map(\.card), report: decoded.report)
    }
}

/// Decodes `GET /v1/wallet` bodies into the wallet, or the repository error its status means (under review, a
/// status this app version does not know), with the report.
public enum WalletDecoder {
    /// An active wallet, or `.inReview` or `.unavailable` for a status that is not active, with the report. Throws
    /// ``DecodingFailure`` when the body is not JSON or a required field is missing or invalid.
    public static func decode(_ body: Data) throws(DecodingFailure) -> Decoded<Result<Wallet, WalletRepositoryError>> {
        let decoded = try LenientJSONDecoder().decode(WalletResponse.self, from: body)
        let wallet = decoded.value
        let value: Result<Wallet, WalletRepositoryError> =
            switch wallet.status {
            case .active: .success(Wallet(id: wallet.id, balance: wallet.balance, status: .active))
            case .inReview: .failure(.inReview(wallet.reviewState ?? .pending))
            case .unknown:
                .failure(
                    .unavailable(
                        DecodingFailure(
                            keyPath: "status", kind: .novel, detail: "a status this app version does not know"
                        )
                        .diagnostic))
            }
        return Decoded(value: value, report: decoded.report)
    }
}
