/// The secrets this app holds right now, by value: the tokens of the session and the sign-in, and the signed-in
/// user's email. Whatever the app writes (log lines, error descriptions, reports, CLI output) can be scrubbed of
/// them, including values no pattern would recognise.
///
/// One instance per app, made by the composition root and handed to whoever learns a secret (the session store,
/// sign-in) and whoever writes (redaction, the log handler, the CLI).
public final class SecretValues: Sendable {
    /// What kind of secret a value is: a token is never shown; personal data may be shown to its owner.
    public enum Kind: Sendable {
        /// A credential: always scrubbed.
        case token
        /// Personal data (an email): scrubbed, except where it is shown to its owner.
        case personal
    }

    /// Values shorter than this are not scrubbed: they would match ordinary text.
    public static let minimumLength = 6

    private let values = LockedState<[String: Kind]>([:])

    /// Makes an empty set of secrets.
    public init() {}

    /// Remembers `value` as a secret of `kind`.
    public func register(_ value: String, as kind: Kind) {
        guard value.count >= Self.minimumLength else { return }
        values.withLock { known in
            if known[value] != .token { known[value] = kind }
        }
    }

    /// `text` with every known value replaced by `placeholder`; personal values are kept when `keepingPersonal`.
    public func scrub(_ text: String, placeholder: String = "[redacted]", keepingPersonal: Bool = false) -> String {
        let known = values.withLock { $0 }
        guard !known.isEmpty else { return text }
        var result = Array(text.utf8)
        // Longest first, so a value that contains another is replaced whole.
        for (value, kind) in known.sorted(by: { $0.key.utf8.count > $1.key.utf8.count }) {
            if keepingPersonal, kind == .personal { continue }
            result = Self.replacing(Array(value.utf8), with: Array(placeholder.utf8), in: result)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `bytes` with every occurrence of `value` replaced. Compared as UTF-8 bytes, not as characters: a value
    /// followed by a combining mark ends inside a character, and a character-wise search would not find it. A match
    /// of valid UTF-8 starts and ends between scalars, so the result is valid UTF-8 again. Not the standard
    /// library's `contains(_:)`/`replace(_:with:)` on `[UInt8]`: they build a search table for every call, and a
    /// 404 through the chain cost 133 µs and 369 allocations with them, 36 µs and 79 with this loop.
    private static func replacing(_ value: [UInt8], with placeholder: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !value.isEmpty, bytes.count >= value.count else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == value[0], index + value.count <= bytes.count,
                bytes[index..<index + value.count].elementsEqual(value)
            {
                result += placeholder
                index += value.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Every known value, for checks that a text holds none of them.
    public var all: [String] { values.withLock { Array($0.keys) } }
}
