import Foundation
import Networking
import Redaction
import SharedError
import TestSupport
import Testing

/// Redaction's hand-written pattern passes against the regular expressions they replaced, on random text made of
/// the fragments that matter to them (quotes, colons, backslashes, `@`, dots, secret names, `Bearer`). The
/// passes read bytes where the expressions read characters, and ASCII whitespace where they read any; the
/// fragments leave out combining marks, non-ASCII whitespace and newlines, where the two may differ on purpose.
struct SecretPatternsTests {
    static let fragments = [
        "\"", "\"", ":", " ", "\t", "\\", "@", ".", ".", "-", "_", "%", "+", "/", "=", "~", "a", "b", "x", "Z", "1",
        "é", "日", "{", "}", ",", "token", "Token", "accessToken", "refresh_TOKEN", "password", "Secret", "email",
        "emails", "bearer", "Bearer ", "BEARER\t", "com", "org", "c", "@example.com", "ada", ".co",
        "\"accessToken\": \"",
        "\"email\":\"", "\"password\" :\"", "x@y", "a.b@c.d.ef", "eyJ", "eyJhbGci", "e", "yJ", "J", "Q-_9",
    ]

    /// Random texts per seed: 1,000 in the README's test run, 5,000 in CI's secrets step
    /// (`ERRORFLOW_REDACTION_TEXTS`). The old expressions are slow, and under the thread sanitizer the larger run
    /// held the test threads for most of a minute.
    static var textsPerSeed: Int {
        TestBudget.count("ERRORFLOW_REDACTION_TEXTS", short: 1_000)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theyRedactWhatTheRegularExpressionsRedacted(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var differences: [String] = []
        for _ in 0..<Self.textsPerSeed {
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in
                Self.fragments.randomElement(using: &random) ?? ""
            }.joined()
            let expected = Self.byRegularExpressions(text)
            let actual = Redaction.text(text)
            if actual != expected, differences.count < 5 { differences.append("\(text) → \(actual) ≠ \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test(arguments: [
        (#"{"accessToken": "abc\"def", "id": 1}"#, #"{"accessToken":"[redacted]", "id": 1}"#),
        (#"{"refreshToken":"cut off"#, #"{"refreshToken":"[redacted]""#),
        ("Authorization: bearer\tabc.DEF-1/2= rest", "Authorization: Bearer [redacted] rest"),
        ("mail ada.l+x@mail.example.org, or not@x.y1", "mail [redacted], or not@x.y1"),
        ("ada@example.com\u{301}", "[redacted]\u{301}"),
        ("id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_1 ok", "id [redacted] ok"),
        ("eyJhbGciOiJub25lIn0.eyJ9. unsigned", "[redacted] unsigned"),
        ("eyJ.x not one: eyJ..sig", "eyJ.x not one: eyJ..sig"),
    ])
    func examples(_ text: String, _ redacted: String) {
        #expect(Redaction.text(text) == redacted)
    }

    /// The regular expressions Redaction used before the hand-written passes, applied the same way.
    static func byRegularExpressions(_ text: String) -> String {
        var result = text
        guard result.contains(where: { "\"@bB".contains($0) }) || result.contains("eyJ") else { return result }
        result.replace(#/"((?i:[a-z_]*token|password|secret|email))"\s*:\s*"(?:[^"\\]|\\.)*(?:"|\\?$)/#) { match in
            "\"\(match.output.1)\":\"[redacted]\""
        }
        result.replace(#/(?i)bearer\s+[A-Za-z0-9._~+\/=-]+/#) { _ in "Bearer [redacted]" }
        result.replace(#/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/#) { _ in "[redacted]" }
        result.replace(#/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/#) { _ in "[redacted]" }
        return result
    }
}
