public import Foundation

/// A decimal amount that arrives as a string (`"12.50"`) or a number (`12.5`), kept exactly.
public struct FlexibleDecimal: Decodable, Hashable, Sendable {
    /// The amount exactly as sent, without going through a binary floating-point value when it came as a string.
    public let value: Decimal

    /// Reads a string of digits, `.` and `-`, or a JSON number. Throws ``DecodingFailure`` `invalid` for anything else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let decimal = Decimal(string: text, locale: nil),
            text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
        {
            value = decimal
        } else if let number = try? container.decode(Decimal.self) {
            value = number
        } else {
            throw DecodingFailure(
                keyPath: KeyPath.render(decoder.codingPath), kind: .invalid, detail: "amount is not a decimal")
        }
    }
}
