import TestSupport
import Testing

@testable import AuthFeature

@Suite("AuthFeature's words in every shipped language")
struct WordingTests {
    @Test func everyKeyIsInEveryLanguageAndEveryFileKeyIsUsed() throws {
        try WordingCheck.check(AuthWording.self, module: "AuthFeature")
    }
}
