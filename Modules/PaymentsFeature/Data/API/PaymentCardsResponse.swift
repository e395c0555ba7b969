import Decoding
import Domain
import Networking

/// `GET /v1/payment-cards` (an `ok` envelope; error envelopes were turned into errors by the chain).
struct PaymentCardsResponse: Decodable, DefectReporting {
    let cards: LossyList<CardResponse>

    var defects: [DecodingDefect] { cards.defects }
    var omittedDefects: Int { cards.omittedDefects }
}

/// One card; a card that breaks a required rule is dropped by the list, an unknown brand is kept as `other`.
struct CardResponse: Decodable, DefectReporting {
    let card: PaymentCard
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, brand, last4, expiryMonth, expiryYear, holderName }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        card = PaymentCard(
            id: try container.requiredIdentifier(forKey: .id),
            brand: container.withFallback(CardBrand.self, forKey: .brand, fallback: .other, defects: &defects),
            last4: try container.required(String.self, forKey: .last4, rule: "not four digits") {
                $0.utf8.count == 4 && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            },
            expiryMonth: try container.required(Int.self, forKey: .expiryMonth, rule: "not a month from 1 to 12") {
                (1...12).contains($0)
            },
            expiryYear: try container.required(Int.self, forKey: .expiryYear, rule: "not a four-digit year") {
                (2000...2199).contains($0)
            },
            holderName: container.defaulted(String.self, forKey: .holderName, default: "", defects: &defects)
        )
        self.defects = defects
    }
}
