import Foundation
import SharedError
import TestSupport
import Testing

@Suite("ErrorReference")
struct ErrorReferenceTests {
    @Test func aReferenceIsEightCrockfordCharactersInTwoGroups() {
        var generator = SplitMix64(seed: 42)

        let references = (0..<200).map { _ in ErrorReference.random(using: &generator).value }

        for reference in references {
            #expect(reference.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/) != nil, "\(reference)")
        }
    }

    @Test func referencesFromTheSameSourceDiffer() {
        var generator = SplitMix64(seed: 7)

        let references = Set((0..<200).map { _ in ErrorReference.random(using: &generator) })

        #expect(references.count == 200)
    }

    @Test func everyCharacterOfTheAlphabetCanBeDrawn() {
        var generator = SplitMix64(seed: 3)

        let drawn = Set((0..<400).flatMap { _ in ErrorReference.random(using: &generator).value.filter { $0 != "-" } })

        #expect(drawn == Set(ErrorReference.alphabet))
        #expect(ErrorReference.alphabet.count == 32)
        #expect(!ErrorReference.alphabet.contains { "ILOU".contains($0) })
    }

    @Test(arguments: ["7F3K-9Q2M", "0000-0000", "ZZZZ-ZZZZ", "ABCD-EFGH"])
    func aReferenceInItsFormatIsRead(_ text: String) {
        #expect(ErrorReference(text)?.value == text)
    }

    @Test(arguments: [
        "7f3k-9q2m", "7F3K9Q2M", "7F3K-9Q2", "7F3K-9Q2MM", "7F3I-9Q2M", "7F3L-9Q2M", "7F3O-9Q2M", "7F3U-9Q2M",
        "7F3K_9Q2M", "", "-7F3K9Q2M", "7F3K-9Q2M\n", "７F3K-9Q2M",
    ])
    func anythingElseIsNotAReference(_ text: String) {
        #expect(ErrorReference(text) == nil)
    }

    @Test func itIsWrittenAsItsStringAndReadBack() throws {
        let reference = try #require(ErrorReference("7F3K-9Q2M"))

        let json = try JSONEncoder().encode([reference])

        #expect(String(decoding: json, as: UTF8.self) == #"["7F3K-9Q2M"]"#)
        #expect(try JSONDecoder().decode([ErrorReference].self, from: json) == [reference])
    }

    @Test func aMalformedStringIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ErrorReference].self, from: Data(#"["7f3k-9q2m"]"#.utf8))
        }
    }

    @Test func aPresentedReferenceSaysReferenceInTheUsersLanguage() throws {
        let reference = try #require(ErrorReference("7F3K-9Q2M"))

        #expect(PresentedReference(reference, in: .english).text == "Reference 7F3K-9Q2M")
        #expect(PresentedReference(reference, in: .german).text == "Referenz 7F3K-9Q2M")
    }

    @Test func theRenderedErrorShowsItsReferenceBeforeItsActions() throws {
        let reference = try #require(ErrorReference("7F3K-9Q2M"))
        var error = PresentationError.default(in: .english, actions: [.retry])
        error.reference = PresentedReference(reference, in: .english)

        #expect(
            error.rendered(style: TerminalStyle(usesColor: false)) == [
                "  [!] Something went wrong", "      Please try again later.", "      Reference 7F3K-9Q2M",
                "      → Try again",
            ])
    }
}
