/// A card the user saved for payments.
public struct PaymentCard: Hashable, Sendable, Codable {
    public var id: String
    public var brand: CardBrand
    /// The last four digits, the only ones the app ever holds.
    public var last4: String
    public var expiryMonth: Int
    public var expiryYear: Int
    public var holderName: String

    public init(id: String, brand: CardBrand, last4: String, expiryMonth: Int, expiryYear: Int, holderName: String) {
        self.id = id
        self.brand = brand
        self.last4 = last4
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.holderName = holderName
    }
}

/// Card brands the app knows; anything newer is `other` until the app learns it.
public enum CardBrand: String, Hashable, Sendable, Codable, CaseIterable {
    case visa, mastercard, amex, other
}
