public import Foundation
public import SharedError

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

    /// `EUR 12.50`: the English form.
    public var formatted: String { formatted(in: .english) }

    /// The amount as `language` writes it, with the currency's code: `EUR 12.50` in English, `12,50 EUR` in
    /// German; ordinary spaces, never the non-breaking ones the formatter puts in.
    public func formatted(in language: Language) -> String {
        amount.formatted(.currency(code: currency).presentation(.isoCode).grouping(.never).locale(language.locale))
            .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
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
