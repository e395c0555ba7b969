import Foundation
import SharedError
import Testing

/// The secrets the app holds are scrubbed by value, whatever text surrounds them.
struct SecretValuesTests {
    // Found by the redaction fuzz target's byte check (Fuzz/): compared as characters, a token followed by a
    // combining mark is a different last character, so it was not found and its bytes went out as they were.
    @Test(arguments: ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{20DD} and more"])
    func aValueFollowedByAMarkThatJoinsItsLastCharacterIsScrubbed(_ following: String) {
        let sut = makeSUT(holding: "tok-4f9Zq2")

        let scrubbed = sut.scrub("Bearer-less tok-4f9Zq2\(following)")

        #expect(Data(scrubbed.utf8).range(of: Data("tok-4f9Zq2".utf8)) == nil, "\(scrubbed)")
        #expect(scrubbed.utf8.starts(with: "Bearer-less [redacted]".utf8), "\(scrubbed)")
    }

    @Test func everyOccurrenceIsScrubbedAndTheRestIsKept() {
        let sut = makeSUT(holding: "tok-4f9Zq2")

        #expect(sut.scrub("a tok-4f9Zq2 b tok-4f9Zq2é c") == "a [redacted] b [redacted]é c")
    }

    @Test func personalValuesAreKeptForTheirOwnerOnly() {
        let sut = makeSUT(holding: "tok-4f9Zq2")
        sut.register("ada@example.com", as: .personal)

        #expect(sut.scrub("ada@example.com tok-4f9Zq2", keepingPersonal: true) == "ada@example.com [redacted]")
        #expect(sut.scrub("ada@example.com tok-4f9Zq2") == "[redacted] [redacted]")
    }

    private func makeSUT(holding token: String) -> SecretValues {
        let sut = SecretValues()
        sut.register(token, as: .token)
        return sut
    }
}
