public import Foundation

/// An amount in a currency, kept exactly.
public struct Money: Hashable, Sendable, Codable {
    /// The exact amount in units of `currency` (euros, not cents).
    public var amount: Decimal
    /// ISO 4217 code, for example `EUR`.
    public var currency: String

    /// Makes an amount; `amount` is kept exactly as given, without rounding.
    public init(amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// `EUR 12.50`.
    public var formatted: String {
        "\(currency) \(decimalText)"
    }

    /// The amount with two decimals, as the contract sends it: `12.50`.
    public var decimalText: String {
        var rounded = Decimal()
        var value = amount
        NSDecimalRound(&rounded, &value, 2, .bankers)
        let text = "\(rounded)"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let cents =
            parts.count > 1 ? String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        return "\(parts[0]).\(cents)"
    }
}
