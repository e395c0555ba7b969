/// The four shapes of secret that redaction finds by pattern, each replaced in one pass over the UTF-8 bytes:
///
/// - a JSON field whose name ends in `token` or is `password`, `secret` or `email` (any case), with a string
///   value: `"accessToken": "…"` becomes `"accessToken":"[redacted]"`, and a value cut off at the end of the text
///   is replaced to the end;
/// - `Bearer` (any case), whitespace, then token characters (`A-Z a-z 0-9 . _ ~ + / = -`): `Bearer [redacted]`;
/// - an email address (`local@domain.tld`, a top-level domain of two letters or more): `[redacted]`;
/// - a JWT: `eyJ`, then three base64url parts separated by dots (the second not empty): `[redacted]`.
///
/// Written by hand rather than as regular expressions: Swift's `Regex` costs about 50 µs per log line on these,
/// and the journey recorder writes a line for every request (BENCHMARKS.md, bar 19). A differential test holds
/// the passes to the regular expressions they replace. Bytes, not characters: a secret followed by a combining
/// mark is still found. Whitespace is ASCII whitespace, as in JSON and HTTP.
enum SecretPatterns {
    static func redact(_ text: [UInt8], placeholder: [UInt8]) -> [UInt8] {
        let fields = jsonFields(in: text, placeholder: placeholder)
        let bearers = bearerTokens(in: fields, placeholder: placeholder)
        return jwts(in: emails(in: bearers, placeholder: placeholder), placeholder: placeholder)
    }

    /// Every pattern needs a `"`, an `@`, the letter b (any case) or `eyJ`; text without them needs no pass at all.
    static func mayMatch(_ text: String.UTF8View) -> Bool {
        var (beforeLast, last): (UInt8, UInt8) = (0, 0)
        for byte in text {
            if byte == quote || byte == at || lowercased(byte) == bearerStart { return true }
            if (beforeLast, last, byte) == (UInt8(ascii: "e"), UInt8(ascii: "y"), UInt8(ascii: "J")) { return true }
            (beforeLast, last) = (last, byte)
        }
        return false
    }

    // MARK: - JSON fields

    static func jsonFields(in text: [UInt8], placeholder: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == quote, let (name, end) = secretField(in: text, at: index) {
                result += [quote] + name + [quote, colon, quote] + placeholder + [quote]
                index = end
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    /// The field's name and where the field ends, when a secret field with a string value starts at `start`.
    private static func secretField(in text: [UInt8], at start: Int) -> (name: ArraySlice<UInt8>, end: Int)? {
        var index = start + 1
        while index < text.count, isNameByte(text[index]) { index += 1 }
        guard index < text.count, text[index] == quote else { return nil }
        let name = text[(start + 1)..<index]
        guard isSecretName(name) else { return nil }
        index = skippingWhitespace(in: text, from: index + 1)
        guard index < text.count, text[index] == colon else { return nil }
        index = skippingWhitespace(in: text, from: index + 1)
        guard index < text.count, text[index] == quote else { return nil }
        index += 1
        while index < text.count {
            switch text[index] {
            case quote: return (name, index + 1)
            case backslash: index += 2
            default: index += 1
            }
        }
        // Cut off before its closing quote: the rest of the text is the value.
        return (name, text.count)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") }

    private static func isSecretName(_ name: ArraySlice<UInt8>) -> Bool {
        let lowered = name.lazy.map(lowercased)
        return lowered.count >= 5 && lowered.suffix(5).elementsEqual("token".utf8)
            || lowered.elementsEqual("password".utf8) || lowered.elementsEqual("secret".utf8)
            || lowered.elementsEqual("email".utf8)
    }

    // MARK: - Bearer tokens

    static func bearerTokens(in text: [UInt8], placeholder: [UInt8]) -> [UInt8] {
        replacing(in: text, with: Array("Bearer ".utf8) + placeholder, startingAt: { lowercased($0) == bearerStart }) {
            bearerToken(in: $0, at: $1)
        }
    }

    /// Where the bearer token ends, when one starts at `start`.
    private static func bearerToken(in text: [UInt8], at start: Int) -> Int? {
        let word = "bearer".utf8
        guard start + word.count < text.count,
            text[start..<(start + word.count)].lazy.map(lowercased).elementsEqual(word)
        else { return nil }
        let tokenStart = skippingWhitespace(in: text, from: start + word.count)
        guard tokenStart > start + word.count else { return nil }
        var end = tokenStart
        while end < text.count, isTokenByte(text[end]) { end += 1 }
        return end > tokenStart ? end : nil
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "._~+/=-".utf8.contains(byte)
    }

    // MARK: - Emails

    static func emails(in text: [UInt8], placeholder: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        // Everything before `copied` is in `result`; a local part never reaches back before it.
        var copied = 0
        var index = 0
        while index < text.count {
            guard text[index] == at else {
                index += 1
                continue
            }
            var localStart = index
            while localStart > copied, isLocalByte(text[localStart - 1]) { localStart -= 1 }
            if localStart < index, let end = domainEnd(in: text, after: index) {
                result += text[copied..<localStart]
                result += placeholder
                copied = end
                index = end
            } else {
                index += 1
            }
        }
        result += text[copied...]
        return result
    }

    /// Where the domain after the `@` at `at` ends: the longest run of domain characters that ends in a dot and
    /// two letters or more, with something before that dot; `nil` when there is none.
    private static func domainEnd(in text: [UInt8], after at: Int) -> Int? {
        let start = at + 1
        var runEnd = start
        while runEnd < text.count, isDomainByte(text[runEnd]) { runEnd += 1 }
        // The last dot first: the part before it is as long as it can be.
        var dot = runEnd - 1
        while dot > start {
            if text[dot] == period, dot + 2 <= runEnd {
                var letters = dot + 1
                while letters < runEnd, isLetter(text[letters]) { letters += 1 }
                if letters - (dot + 1) >= 2 { return letters }
            }
            dot -= 1
        }
        return nil
    }

    private static func isLocalByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "._%+-".utf8.contains(byte)
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == period || byte == dash
    }

    // MARK: - JWTs

    static func jwts(in text: [UInt8], placeholder: [UInt8]) -> [UInt8] {
        replacing(in: text, with: placeholder, startingAt: { $0 == UInt8(ascii: "e") }) { jwt(in: $0, at: $1) }
    }

    /// Where the JWT ends, when one starts at `start`: `eyJ` and base64url, a dot, base64url (at least one byte), a
    /// dot, base64url.
    private static func jwt(in text: [UInt8], at start: Int) -> Int? {
        guard start + 3 <= text.count, text[start..<(start + 3)].elementsEqual("eyJ".utf8) else { return nil }
        var index = start + 3
        while index < text.count, isBase64URLByte(text[index]) { index += 1 }
        guard index < text.count, text[index] == period else { return nil }
        let payload = index + 1
        index = payload
        while index < text.count, isBase64URLByte(text[index]) { index += 1 }
        guard index > payload, index < text.count, text[index] == period else { return nil }
        index += 1
        while index < text.count, isBase64URLByte(text[index]) { index += 1 }
        return index
    }

    private static func isBase64URLByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == dash || byte == UInt8(ascii: "_")
    }

    // MARK: - Bytes

    /// `text` with each match, left to right, replaced by `replacement`: a match can start only at a byte that
    /// `startsAt` takes, and `end` says where the one starting at an index ends (`nil`: none starts there).
    private static func replacing(
        in text: [UInt8], with replacement: [UInt8], startingAt startsAt: (UInt8) -> Bool,
        end: ([UInt8], Int) -> Int?
    ) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if startsAt(text[index]), let end = end(text, index) {
                result += replacement
                index = end
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    private static let quote = UInt8(ascii: "\"")
    private static let colon = UInt8(ascii: ":")
    private static let backslash = UInt8(ascii: "\\")
    private static let at = UInt8(ascii: "@")
    private static let period = UInt8(ascii: ".")
    private static let dash = UInt8(ascii: "-")
    private static let bearerStart = UInt8(ascii: "b")

    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    private static func lowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

    private static func skippingWhitespace(in text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count, [9, 10, 11, 12, 13, 32].contains(text[index]) { index += 1 }
        return index
    }
}
