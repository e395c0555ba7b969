public import Foundation

/// Removes secrets and personal data from anything the chain writes down: URLs, headers, body excerpts.
///
/// Tokens, cookies, passwords and emails never reach a log line, an error description or a client report.
public enum Redaction {
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

    /// The URL as text with the values of secret query items replaced, and any user info removed.
    public static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return placeholder
        }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { item in
            secretQueryNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: placeholder) : item
        }
        // Keep the placeholder readable instead of percent-encoded.
        return components.string?.replacingOccurrences(of: "%5Bredacted%5D", with: placeholder) ?? placeholder
    }

    /// A header value fit for a log line.
    public static func header(name: String, value: String) -> String {
        secretHeaderNames.contains(name.lowercased()) ? placeholder : text(value)
    }

    /// Free text (a body excerpt, a server message) with emails, bearer tokens and secret JSON fields replaced.
    public static func text(_ text: String) -> String {
        var result = text
        result.replace(secretJSONField) { match in "\"\(match.output.1)\":\"\(placeholder)\"" }
        result.replace(bearerToken) { _ in "Bearer \(placeholder)" }
        result.replace(email) { _ in placeholder }
        return result
    }

    /// At most `limit` bytes of `body` as redacted text, for error contexts and logs.
    public static func excerpt(of body: Data, limit: Int = 256) -> String? {
        guard !body.isEmpty else { return nil }
        let prefix = body.prefix(limit)
        guard let decoded = String(data: prefix, encoding: .utf8) ?? String(data: prefix.dropLast(3), encoding: .utf8)
        else { return "<\(body.count) bytes of binary data>" }
        let clipped = body.count > limit ? decoded + "…" : decoded
        return text(clipped)
    }

    // `Regex` is not `Sendable`, so each use builds its own (the literal is parsed at compile time).
    private static var secretJSONField: Regex<(Substring, Substring)> {
        #/"((?i:[a-z_]*token|password|secret|email))"\s*:\s*"[^"]*"/#
    }
    private static var bearerToken: Regex<Substring> { #/(?i)bearer\s+[A-Za-z0-9._~+\/=-]+/# }
    private static var email: Regex<Substring> { #/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/# }
}
