import TestSupport
import Testing

@testable import PaymentsFeature

@Suite("PaymentsFeature's words in every shipped language")
struct WordingTests {
    @Test func everyKeyIsInEveryLanguageAndEveryFileKeyIsUsed() throws {
        try WordingCheck.check(PaymentsWording.self, module: "PaymentsFeature")
    }
}
