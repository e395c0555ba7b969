/// Which payment sources the app offers, decided at start-up (remote config in a real app).
public struct PaymentFeatureFlags: Hashable, Sendable {
    /// Whether the wallet is offered and loaded.
    public var wallet: Bool
    /// Whether saved cards are offered and loaded.
    public var cards: Bool
    /// Whether Apple Pay is offered and checked.
    public var applePay: Bool

    /// Makes flags; every source is offered unless turned off.
    public init(wallet: Bool = true, cards: Bool = true, applePay: Bool = true) {
        self.wallet = wallet
        self.cards = cards
        self.applePay = applePay
    }

    /// Every payment source offered.
    public static let all = PaymentFeatureFlags()
}
