import Decoding
import Domain
import Foundation
import Networking

/// A transfer as `POST /v1/transfers` and `GET /v1/transfers/{id}` answer it: the id, the amount and the account
/// are required; an unknown status is kept as `other` and reported as novel; a broken date is left out and reported.
struct TransferResponse: Decodable, DefectReporting {
    let transfer: Transfer
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, status, amount, currency, toAccount, createdAt }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        let createdAt = container.lenient(
            String.self, forKey: .createdAt, rule: "not an ISO 8601 date", defects: &defects
        ) {
            (try? Date($0, strategy: .iso8601)) != nil
        }
        transfer = Transfer(
            id: try container.requiredIdentifier(forKey: .id),
            status: container.withFallback(TransferStatus.self, forKey: .status, fallback: .other, defects: &defects),
            amount: Money(
                amount: try container.required(FlexibleDecimal.self, forKey: .amount).value,
                currency: try container.required(String.self, forKey: .currency, rule: "not an ISO 4217 code") {
                    $0.count == 3 && $0.allSatisfy(\.isUppercase)
                }),
            toAccount: try container.required(String.self, forKey: .toAccount, rule: "empty account") { !$0.isEmpty },
            createdAt: createdAt.flatMap { try? Date($0, strategy: .iso8601) })
        self.defects = defects
    }
}
