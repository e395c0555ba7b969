public import Foundation

/// A URL that has both a scheme and a host; anything else fails as `invalid`.
public struct ValidatedURL: Decodable, Hashable, Sendable {
    public let url: URL

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
