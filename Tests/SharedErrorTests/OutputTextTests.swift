import SharedError
import Testing

@Suite("Text leaves the app without control characters")
struct OutputTextTests {
    @Test func controlCharactersGoNewlinesAndTabsStay() {
        let text = "Ada\u{1B}[2J Love\u{07}lace\u{9B}31m\u{85}\u{7F}\r\u{8}\n\tnext line"

        #expect(OutputText.clean(text) == "Ada[2J Lovelace31m\n\tnext line")
    }

    @Test func anOSC52ClipboardWriteLosesItsControls() {
        let cleaned = OutputText.clean("x\u{1B}]52;c;cGF3bmVk\u{07}y")

        #expect(!cleaned.unicodeScalars.contains { OutputText.isControl($0) })
    }

    @Test func theAppsOwnColoursBecomeANSICodes() {
        let styled = TerminalStyle(usesColor: true).red("alert")

        #expect(!styled.contains("\u{1B}"), "the style writes marks, not escapes")
        #expect(OutputText.clean(styled) == "\u{1B}[31malert\u{1B}[0m")
    }

    /// A backend that sends the noncharacters the marks are made of cannot forge one: it has no token.
    @Test func aForgedMarkIsRemoved() throws {
        let start = try #require(Unicode.Scalar(UInt32(0xFDD0)))
        let end = try #require(Unicode.Scalar(UInt32(0xFDD1)))
        let forged = "\(start)abcdefghijkl31\(end)red?"

        #expect(OutputText.clean(forged) == "abcdefghijkl31red?")
    }

    @Test func inJSONTheEscapesOfControlsGoAndOtherEscapesStay() {
        let json =
            #"{"name":"Ada\u001b[2J\u0007\r\b\f\u0085","path":"C:\\files\\bin","quote":"\"x\"","line":"a\nb\tc"}"#

        #expect(
            OutputText.clean(json, json: true)
                == #"{"name":"Ada[2J","path":"C:\\files\\bin","quote":"\"x\"","line":"a\nb\tc"}"#)
    }

    @Test func outsideJSONABackslashIsText() {
        #expect(OutputText.clean(#"C:\files\report"#) == #"C:\files\report"#)
    }

    @Test func plainTextIsReturnedAsItIs() {
        let text = "Payment methods\n  • Visa ···· 4242  Ada Lovelace 👩‍💻"

        #expect(OutputText.clean(text) == text)
        #expect(OutputText.clean(text, json: true) == text)
    }
}
