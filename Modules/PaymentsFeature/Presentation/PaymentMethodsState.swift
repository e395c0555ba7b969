import Domain
public import SharedError

/// Everything the payment-methods screen shows, ready to draw.
public struct PaymentMethodsState: Hashable, Sendable {
    /// The wallet row; `nil` when the wallet was left out or not loaded yet.
    public var wallet: WalletItem?
    /// One row per saved card, in the order the backend sent them.
    public var paymentCards: [CardItem] = []
    /// The Apple Pay row; `nil` when Apple Pay was left out or not loaded yet.
    public var applePay: ApplePayItem?
    /// Nothing to pay with, and that is not an error.
    public var isEmpty = false
    /// Whether a load is under way.
    public var isLoading = false
    /// A short line under the title ("No payment methods").
    public var message: String?
    /// Over last content shown because the backend could not be reached: its age, and "Try again".
    public var notice: PresentationError?

    /// Makes the state of a screen that has loaded nothing yet.
    public init() {}

    /// How many methods are on screen.
    public var methodCount: Int {
        (wallet == nil ? 0 : 1) + paymentCards.count + (applePay == nil ? 0 : 1)
    }

    /// The wallet as one row.
    public struct WalletItem: Hashable, Sendable, Encodable {
        /// The balance as written on screen: `EUR 12.50`.
        public var balance: String
    }

    /// A saved card as one row.
    public struct CardItem: Hashable, Sendable, Encodable {
        /// The backend's id for the card.
        public var id: String
        /// The brand's name for people: `Visa`, `American Express`, or `Card` for one the app does not know.
        public var brand: String
        /// The card's last four digits.
        public var last4: String
        /// The expiry as `MM/YY`.
        public var expiry: String
        /// The name on the card; empty when there is none.
        public var holderName: String
    }

    /// Apple Pay as one row.
    public struct ApplePayItem: Hashable, Sendable, Encodable {
        /// `available` or `needs setup`, in the user's language.
        public var status: String
    }
}

extension PaymentMethodsState: Encodable {
    private enum CodingKeys: String, CodingKey {
        case wallet, paymentCards, applePay, isEmpty, isLoading, message, notice
    }

    /// Every key, `null` included, so scripts can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wallet, forKey: .wallet)
        try container.encode(paymentCards, forKey: .paymentCards)
        try container.encode(applePay, forKey: .applePay)
        try container.encode(isEmpty, forKey: .isEmpty)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(message, forKey: .message)
        try container.encode(notice, forKey: .notice)
    }
}

extension PaymentMethodsState.CardItem {
    init(_ card: PaymentCard, in language: Language) {
        let brand: PaymentsWording =
            switch card.brand {
            case .visa: .brandVisa
            case .mastercard: .brandMastercard
            case .amex: .brandAmex
            case .other: .brandOther
            }
        let month = card.expiryMonth < 10 ? "0\(card.expiryMonth)" : "\(card.expiryMonth)"
        self.init(
            id: card.id, brand: brand.text(in: language), last4: card.last4,
            expiry: "\(month)/\(card.expiryYear % 100)", holderName: card.holderName)
    }
}
