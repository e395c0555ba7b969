/// A card the user saved for payments.
public struct PaymentCard: Hashable, Sendable, Codable {
    /// The backend's id for the card.
    public var id: String
    /// The card's network; `.other` for one the app does not know.
    public var brand: CardBrand
    /// The last four digits, the only ones the app ever holds.
    public var last4: String
    /// The month the card expires, 1 to 12.
    public var expiryMonth: Int
    /// The year the card expires, with four digits.
    public var expiryYear: Int
    /// The name on the card; empty when the backend sent none.
    public var holderName: String
    /// Whether the backend sent it in this load, or it is the last content loaded; never stored.
    public var freshness: Freshness = .fresh

    /// Makes a card from its fields as given; nothing is checked here.
    public init(id: String, brand: CardBrand, last4: String, expiryMonth: Int, expiryYear: Int, holderName: String) {
        self.id = id
        self.brand = brand
        self.last4 = last4
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.holderName = holderName
    }

    private enum CodingKeys: String, CodingKey { case id, brand, last4, expiryMonth, expiryYear, holderName }
}

/// Card brands the app knows; anything newer is `other` until the app learns it.
public enum CardBrand: String, Hashable, Sendable, Codable, CaseIterable {
    case visa, mastercard, amex, other
}
