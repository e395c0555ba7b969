/// One way the user can pay.
public enum PaymentMethod: Hashable, Sendable {
    /// Paying from the wallet's balance.
    case wallet(Wallet)
    /// Paying with a saved card.
    case card(PaymentCard)
    /// Paying with Apple Pay on this device.
    case applePay(ApplePay)
}

extension PaymentMethod {
    /// Whether the method's source answered in this load, or it is that source's last content (Apple Pay, on the
    /// device, is always fresh).
    public var freshness: Freshness {
        switch self {
        case .wallet(let wallet): wallet.freshness
        case .card(let card): card.freshness
        case .applePay: .fresh
        }
    }
}
