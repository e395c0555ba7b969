/// One way the user can pay.
public enum PaymentMethod: Hashable, Sendable {
    case wallet(Wallet)
    case card(PaymentCard)
    case applePay(ApplePay)
}
