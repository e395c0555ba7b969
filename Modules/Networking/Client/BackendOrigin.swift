public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scheme, host and port of a backend, as `scheme://host:port`: what a session, queued reports and pending
/// writes belong to, so that none of them ever reaches another backend. It carries no user, password, path or
/// query, so it is safe to print.
public struct BackendOrigin: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `http://127.0.0.1:8080`, `https://api.example.com:443`, `http://[::1]:8080`.
    public let value: String
    /// The host alone, lowercased, without brackets.
    public let host: String

    /// The origin of `url`: its scheme and host lowercased, and its port (80 or 443 when it has none).
    public init(_ url: URL) {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        self.host = host
        value = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Reads an origin stored as its ``value``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an origin"))
        }
        self.init(url)
    }

    /// Writes the origin as its ``value``, a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The origin as `scheme://host:port`.
    public var description: String { value }

    /// Whether the host is this machine: `localhost`, `127.0.0.0/8` or `::1`. Plain http is accepted for these
    /// without asking, since nothing crosses a network.
    public var isLoopback: Bool {
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            return withUnsafeBytes(of: &ipv6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }
}
