public import Foundation
public import SharedError

/// Removes secrets and personal data from anything the chain writes down: URLs, headers, body excerpts.
///
/// Tokens, cookies, passwords and emails never reach a log line, an error description or a client report: by
/// pattern (a bearer token, an email, a secret JSON field), and by value for the secrets the app actually holds
/// (``SecretValues``), which no pattern would recognise.
public enum Redaction {
    /// `[redacted]`: what every removed secret is replaced with.
    public static let placeholder = "[redacted]"

    /// Query items whose values are secret or personal, compared case-insensitively.
    public static let secretQueryNames: Set<String> = [
        "token", "access_token", "accesstoken", "refresh_token", "refreshtoken", "id_token", "identitytoken", "code",
        "password", "secret", "key", "api_key", "apikey", "signature", "sig", "session", "email",
    ]

    /// Headers whose values are secret, compared case-insensitively.
    public static let secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
    ]

    /// How much of a body is redacted before an excerpt is cut from it. Every secret that starts before the cut and
    /// is shorter than this is removed whole, so no part of it survives the cut.
    public static let redactionWindow = 64 * 1024

    /// The URL as text with the values of secret query items replaced, and any user info removed.
    public static func url(_ url: URL, known: SecretValues? = nil) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return placeholder
        }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { item in
            secretQueryNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: placeholder) : item
        }
        // Keep the placeholder readable instead of percent-encoded.
        let text = components.string?.replacingOccurrences(of: "%5Bredacted%5D", with: placeholder) ?? placeholder
        return known?.scrub(text, placeholder: placeholder) ?? text
    }

    /// A header value fit for a log line.
    public static func header(name: String, value: String, known: SecretValues? = nil) -> String {
        secretHeaderNames.contains(name.lowercased()) ? placeholder : text(value, known: known)
    }

    /// Free text (a body excerpt, a server message, a log line) with the known secrets, emails, bearer tokens and
    /// secret JSON fields replaced. A secret JSON string that is cut off at the end of `text` is replaced to the end.
    public static func text(_ text: String, known: SecretValues? = nil) -> String {
        let scrubbed = known?.scrub(text, placeholder: placeholder) ?? text
        guard SecretPatterns.mayMatch(scrubbed.utf8) else { return scrubbed }
        let redacted = SecretPatterns.redact(Array(scrubbed.utf8), placeholder: Array(placeholder.utf8))
        return String(decoding: redacted, as: UTF8.self)
    }

    /// At most `limit` bytes of `body` as redacted text, for error contexts and logs.
    ///
    /// Redacts first, then cuts: cutting first would leave the front half of a secret that straddles the cut.
    public static func excerpt(of body: Data, limit: Int = 256, known: SecretValues? = nil) -> String? {
        guard !body.isEmpty else { return nil }
        guard let window = utf8Text(body.prefix(redactionWindow)) else { return "<\(body.count) bytes of binary data>" }
        let redacted = text(window, known: known)
        let clipped = prefix(of: redacted, maximumBytes: limit)
        return clipped.count < redacted.count || body.count > redactionWindow ? clipped + "…" : clipped
    }

    /// The longest prefix of `text` that fits in `maximumBytes` of UTF-8, whole characters only.
    private static func prefix(of text: String, maximumBytes: Int) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var bytes = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            bytes += text.utf8[index..<next].count
            guard bytes <= maximumBytes else { break }
            end = next
        }
        return String(text[..<end])
    }

    /// The bytes as UTF-8 text, forgiving a character cut in half at the end.
    private static func utf8Text(_ bytes: Data) -> String? {
        String(data: bytes, encoding: .utf8) ?? String(data: bytes.dropLast(1), encoding: .utf8)
            ?? String(data: bytes.dropLast(2), encoding: .utf8) ?? String(data: bytes.dropLast(3), encoding: .utf8)
    }
}
