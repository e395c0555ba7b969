import Decoding
import Domain
import Foundation
import Networking

/// `GET /v1/wallet` as the backend sends it; decoded leniently, turned into a `Wallet` by the repository.
struct WalletResponse: Decodable, DefectReporting {
    enum Status: String, Decodable {
        case active
        case inReview = "in_review"
        case unknown
    }

    enum Review: String, Decodable {
        case pending
        case beingProcessed = "being_processed"
    }

    let id: String
    let balance: Money
    let status: Status
    let reviewState: ReviewState?
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, balance, status, reviewState }
    private enum BalanceKeys: String, CodingKey { case amount, currency }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        id = try container.requiredIdentifier(forKey: .id)
        let balance: KeyedDecodingContainer<BalanceKeys>
        do {
            balance = try container.nestedContainer(keyedBy: BalanceKeys.self, forKey: .balance)
        } catch {
            throw DecodingFailure(
                keyPath: "balance", kind: container.contains(.balance) ? .invalid : .missing,
                detail: "no balance object")
        }
        self.balance = Money(
            amount: try balance.required(FlexibleDecimal.self, forKey: .amount).value,
            currency: try balance.required(String.self, forKey: .currency, rule: "not an ISO 4217 code") {
                $0.count == 3 && $0.allSatisfy(\.isUppercase)
            }
        )
        status = container.withFallback(Status.self, forKey: .status, fallback: .unknown, defects: &defects)
        if status == .inReview {
            let review = container.withFallback(
                Review.self, forKey: .reviewState, fallback: .pending, defects: &defects)
            reviewState = review == .pending ? .pending : .beingProcessed
        } else {
            reviewState = nil
        }
        self.defects = defects
    }
}
