/// An identifier that arrives as a string (`"u-1"`) or a number (`1234`) and is kept as a non-empty string.
public struct FlexibleID: Decodable, Hashable, Sendable {
    /// The identifier as a string, never empty; an integer is written in decimal.
    public let value: String

    /// Reads a non-empty string or a 64-bit integer. Throws ``DecodingFailure`` `missing` for `null` and `invalid` for
    /// anything else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw DecodingFailure(
                keyPath: KeyPath.render(decoder.codingPath), kind: .missing, detail: "required value is null")
        }
        if let text = try? container.decode(String.self), !text.isEmpty {
            value = text
        } else if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else {
            throw DecodingFailure(
                keyPath: KeyPath.render(decoder.codingPath), kind: .invalid,
                detail: "identifier is neither a non-empty string nor an integer")
        }
    }
}
