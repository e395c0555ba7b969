import Decoding
import Foundation
import Networking
import Testing

/// The tokens of a sign-in or refresh answer: both required and not empty, the lifetime a defect when it is not a
/// positive number.
@Suite("The issued tokens")
struct IssuedTokensTests {
    @Test func bothTokensAndTheLifetimeAreRead() throws {
        let issued = try decode(#"{"accessToken":"a-1","refreshToken":"r-1","expiresIn":900,"user":null}"#)

        #expect([issued.value.accessToken, issued.value.refreshToken] == ["a-1", "r-1"])
        #expect(issued.value.expiresIn == 900)
        #expect(issued.report.defects.isEmpty)
    }

    @Test(arguments: [
        #"{"accessToken":"","refreshToken":"r-1"}"#, #"{"accessToken":"a-1","refreshToken":""}"#,
        #"{"refreshToken":"r-1"}"#, #"{"accessToken":"a-1"}"#,
    ])
    func anEmptyOrMissingTokenFailsTheDecode(_ body: String) {
        #expect(throws: DecodingFailure.self) { try decode(body) }
    }

    @Test func aLifetimeThatIsNotPositiveIsADefectNotAFailure() throws {
        let issued = try decode(#"{"accessToken":"a-1","refreshToken":"r-1","expiresIn":0}"#)

        #expect(issued.value.expiresIn == nil)
        #expect(issued.report.defects.map(\.keyPath) == ["expiresIn"])
    }

    private func decode(_ body: String) throws(DecodingFailure) -> Decoded<IssuedTokens> {
        try LenientJSONDecoder().decode(IssuedTokens.self, from: Data(body.utf8))
    }
}
