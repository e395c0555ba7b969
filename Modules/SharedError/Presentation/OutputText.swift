/// Text on its way out of the app, to a terminal, a file or a log line: the one place where control characters are
/// taken out, so nothing a backend or a user sent can clear a screen, ring a bell, change colours or write to the
/// clipboard (OSC 52).
///
/// Every sink calls ``clean(_:json:)`` on the whole text it writes. It removes C0 controls (newlines and tabs
/// excepted: they are layout), DEL and C1 controls, and in JSON also their escapes (`\u001b`, `\b`, `\f`, `\r`, …),
/// so the values themselves lose them. The app's own colours survive because ``TerminalStyle`` never writes an escape
/// itself: when it uses colour, it writes a mark that only this process knows (a random token between two
/// noncharacters), which ``clean(_:json:)`` turns into the ANSI code. Any other noncharacter of that range is
/// removed, so a backend cannot forge a mark.
public enum OutputText {
    /// The process's own token: a backend never sees it, since every mark is resolved before anything is written.
    private static let token: String = {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String((0..<12).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
    }()
    // Noncharacters (U+FDD0, U+FDD1): permanently reserved for a program's internal use. Swift accepts no
    // noncharacter in a literal, hence the numbers.
    private static let markStart = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{FFFD}"
    private static let markEnd = Unicode.Scalar(UInt32(0xFDD1)) ?? "\u{FFFD}"

    /// The mark ``TerminalStyle`` writes for the SGR code `code` (`"31"`, `"0"`).
    public static func styleMark(_ code: String) -> String {
        String(markStart) + token + code + String(markEnd)
    }

    /// `text` as it may be written: control characters removed (newlines and tabs kept), the process's style marks
    /// turned into ANSI colour codes, and, for JSON text, control escapes removed from its strings.
    public static func clean(_ text: String, json: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsAttention) || (json && text.contains("\\")) else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == markStart, let (code, next) = mark(in: scalars, at: index) {
                output.append(contentsOf: "\u{1B}[\(code)m".unicodeScalars)
                index = next
                continue
            }
            if json, scalar == "\\", index + 1 < scalars.count {
                let length = controlEscapeLength(in: scalars, at: index)
                if length > 0 {
                    index += length
                    continue
                }
                // Any other escape, `\\` included, goes out whole, so its second character is never read as the
                // start of another.
                output.append(scalar)
                output.append(scalars[index + 1])
                index += 2
                continue
            }
            if !isControl(scalar), !isMarkRange(scalar) { output.append(scalar) }
            index += 1
        }
        return String(output)
    }

    /// Whether `scalar` is a control character that text must not carry (layout newlines and tabs are allowed).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isMarkRange(scalar)
    }

    private static func isMarkRange(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value)
    }

    /// The SGR code of a well-formed mark of this process at `index`, and where the text goes on after it.
    private static func mark(in scalars: [Unicode.Scalar], at index: Int) -> (code: String, next: Int)? {
        let tokenScalars = Array(token.unicodeScalars)
        var position = index + 1
        guard position + tokenScalars.count <= scalars.count,
            Array(scalars[position..<position + tokenScalars.count]) == tokenScalars
        else { return nil }
        position += tokenScalars.count
        var code = ""
        while position < scalars.count, scalars[position].properties.numericType != nil,
            scalars[position].isASCII, code.count < 3
        {
            code.unicodeScalars.append(scalars[position])
            position += 1
        }
        guard !code.isEmpty, position < scalars.count, scalars[position] == markEnd else { return nil }
        return (code, position + 1)
    }

    /// How long the JSON escape of a control character at `index` is (`\r` 2, `\u001b` 6), or 0 for any other.
    private static func controlEscapeLength(in scalars: [Unicode.Scalar], at index: Int) -> Int {
        switch scalars[index + 1] {
        case "b", "f", "r": return 2
        case "u":
            guard index + 6 <= scalars.count,
                let value = UInt32(String(String.UnicodeScalarView(scalars[index + 2..<index + 6])), radix: 16),
                let escaped = Unicode.Scalar(value)
            else { return 0 }
            return isControl(escaped) || isMarkRange(escaped) ? 6 : 0
        default: return 0
        }
    }
}
