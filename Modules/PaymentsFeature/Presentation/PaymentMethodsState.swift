import Domain
public import SharedError

/// Everything the payment-methods screen shows, ready to draw.
public struct PaymentMethodsState: Hashable, Sendable {
    public var wallet: WalletItem?
    public var paymentCards: [CardItem] = []
    public var applePay: ApplePayItem?
    /// Nothing to pay with, and that is not an error.
    public var isEmpty = false
    public var isLoading = false
    /// An error this screen presents itself; app-wide errors go to Navigation instead.
    public var error: PresentationError?
    /// A short line under the title ("No payment methods").
    public var message: String?

    public init() {}

    /// How many methods are on screen.
    public var methodCount: Int {
        (wallet == nil ? 0 : 1) + paymentCards.count + (applePay == nil ? 0 : 1)
    }

    public struct WalletItem: Hashable, Sendable, Encodable {
        public var balance: String
    }

    public struct CardItem: Hashable, Sendable, Encodable {
        public var id: String
        public var brand: String
        public var last4: String
        public var expiry: String
        public var holderName: String
    }

    public struct ApplePayItem: Hashable, Sendable, Encodable {
        /// `available` or `needs setup`.
        public var status: String
    }
}

extension PaymentMethodsState: Encodable {
    private enum CodingKeys: String, CodingKey {
        case wallet, paymentCards, applePay, isEmpty, isLoading, error, message
    }

    /// Every key, `null` included, so scripts can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wallet, forKey: .wallet)
        try container.encode(paymentCards, forKey: .paymentCards)
        try container.encode(applePay, forKey: .applePay)
        try container.encode(isEmpty, forKey: .isEmpty)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
        try container.encode(message, forKey: .message)
    }
}

extension PaymentMethodsState.CardItem {
    init(_ card: PaymentCard) {
        let brand =
            switch card.brand {
            case .visa: "Visa"
            case .mastercard: "Mastercard"
            case .amex: "American Express"
            case .other: "Card"
            }
        let month = card.expiryMonth < 10 ? "0\(card.expiryMonth)" : "\(card.expiryMonth)"
        self.init(
            id: card.id, brand: brand, last4: card.last4, expiry: "\(month)/\(card.expiryYear % 100)",
            holderName: card.holderName)
    }
}
