/// Which payment sources the app offers, decided at start-up (remote config in a real app).
public struct PaymentFeatureFlags: Hashable, Sendable {
    public var wallet: Bool
    public var cards: Bool
    public var applePay: Bool

    public init(wallet: Bool = true, cards: Bool = true, applePay: Bool = true) {
        self.wallet = wallet
        self.cards = cards
        self.applePay = applePay
    }

    public static let all = PaymentFeatureFlags()
}
