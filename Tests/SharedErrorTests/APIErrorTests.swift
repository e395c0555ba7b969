import Foundation
import SharedError
import Testing

@Suite("APIError speaks to people")
struct APIErrorTests {
    @Test(arguments: APIError.allCases)
    func describesItselfInFullSentences(_ error: APIError) throws {
        let description = try #require(error.errorDescription)
        let reason = try #require(error.failureReason)
        let suggestion = try #require(error.recoverySuggestion)

        #expect(!description.isEmpty)
        for sentence in [reason, suggestion] {
            #expect(sentence.first?.isUppercase == true, "\(sentence)")
            #expect(sentence.hasSuffix("."), "\(sentence)")
        }
    }

    @Test(arguments: APIError.allCases)
    func neverShowsItsTypeOrCaseName(_ error: APIError) {
        let text = [error.errorDescription, error.failureReason, error.recoverySuggestion].compactMap { $0 }
            .joined(separator: " ")

        #expect(!text.contains("APIError"))
        #expect(!text.contains("\(error)"))
    }

    @Test(arguments: APIError.allCases)
    func isForwardedByTheLayersThatMeetIt(_ error: APIError) {
        #expect(error.category == .unhandleableHere)
    }

    @Test(arguments: APIError.allCases)
    func namesItsCaseInTheJourney(_ error: APIError) {
        #expect(error.journeyName == "APIError.\(error)")
    }

    @Test func casesAreDistinctForUsers() {
        let descriptions = Set(APIError.allCases.compactMap(\.errorDescription))
        #expect(descriptions.count == APIError.allCases.count)
    }
}
