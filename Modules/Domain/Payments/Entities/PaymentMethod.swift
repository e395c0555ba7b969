/// One way the user can pay.
public enum PaymentMethod: Hashable, Sendable {
    /// Paying from the wallet's balance.
    case wallet(Wallet)
    /// Paying with a saved card.
    case card(PaymentCard)
    /// Paying with Apple Pay on this device.
    case applePay(ApplePay)
}
