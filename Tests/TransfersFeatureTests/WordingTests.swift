import TestSupport
import Testing

@testable import TransfersFeature

@Suite("TransfersFeature's words in every shipped language")
struct WordingTests {
    @Test func everyKeyIsInEveryLanguageAndEveryFileKeyIsUsed() throws {
        try WordingCheck.check(TransfersWording.self, module: "TransfersFeature")
    }
}
