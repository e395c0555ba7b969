public import Foundation

/// A URL that has both a scheme and a host; anything else fails as `invalid`.
public struct ValidatedURL: Decodable, Hashable, Sendable {
    /// The URL, with a non-empty scheme and host.
    public let url: URL

    /// Reads a string that parses as a URL with a scheme and a host. Throws ``DecodingFailure`` `invalid` otherwise.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty, let host = url.host,
            !host.isEmpty
        else {
            throw DecodingFailure(
                keyPath: KeyPath.render(decoder.codingPath), kind: .invalid,
                detail: "not a URL with a scheme and a host")
        }
        self.url = url
    }
}
