import Foundation
import SharedError
import Testing

@Suite("App-wide conditions speak to people, and pass through the layers by declaration")
struct AppWideConditionTests {
    @Test(arguments: AppWideCondition.allCases)
    func describesItselfInFullSentences(_ condition: AppWideCondition) throws {
        let description = try #require(condition.errorDescription)
        let reason = try #require(condition.failureReason)
        let suggestion = try #require(condition.recoverySuggestion)

        #expect(!description.isEmpty)
        for sentence in [reason, suggestion] {
            #expect(sentence.first?.isUppercase == true, "\(sentence)")
            #expect(sentence.hasSuffix("."), "\(sentence)")
        }
    }

    @Test(arguments: AppWideCondition.allCases)
    func neverShowsItsTypeOrCaseName(_ condition: AppWideCondition) {
        let text = [condition.errorDescription, condition.failureReason, condition.recoverySuggestion]
            .compactMap { $0 }.joined(separator: " ")

        #expect(!text.contains("AppWideCondition"))
        #expect(!text.contains("\(condition)"))
    }

    @Test(arguments: AppWideCondition.allCases)
    func isHandedOnByTheLayersThatMeetIt(_ condition: AppWideCondition) {
        #expect(condition.category == .unhandleableHere)
        #expect(condition.journeyName == "AppWideCondition.\(condition)")
    }

    @Test func casesAreDistinctForUsers() {
        let descriptions = Set(AppWideCondition.allCases.compactMap(\.errorDescription))
        #expect(descriptions.count == AppWideCondition.allCases.count)
    }

    /// A layer's `appWide` case is all it takes: the condition is found in it, and passed on to the next layer's.
    @Test(arguments: AppWideCondition.allCases)
    func anAppWideCaseIsFoundAndPassedOn(_ condition: AppWideCondition) {
        let below = Lower.appWide(condition)

        #expect(below.appWideCondition == condition)
        #expect(Upper.passingOn(below) == .appWide(condition))
        #expect(Upper.passingOn(Lower.ownProblem) == nil)
        #expect(Lower.ownProblem.appWideCondition == nil)
    }

    @Test func namesAreDerivedFromCasesAndSafePayloads() {
        #expect(Lower.ownProblem.journeyName == "Lower.ownProblem")
        #expect(Lower.appWide(.offline).journeyName == "Lower.appWide(AppWideCondition.offline)")
        #expect(Lower.detailed(Diagnostic(error: "x", layer: .data)).journeyName == "Lower.detailed")
        #expect(Lower.mode(.fast).journeyName == "Lower.mode(fast)")
        #expect(Lower.mode(.fast).caseName == "mode")
    }

    private enum Speed: String { case fast }

    private enum Lower: PassesOnAppWideConditions, OwnedByLayer, Equatable {
        case ownProblem
        case detailed(Diagnostic)
        case mode(Speed)
        case appWide(AppWideCondition)

        static let owningLayer = JourneyLayer.data
        var category: ErrorCategory { .unhandleableHere }
    }

    private enum Upper: PassesOnAppWideConditions, OwnedByLayer, Equatable {
        case appWide(AppWideCondition)

        static let owningLayer = JourneyLayer.domain
        var category: ErrorCategory { .unhandleableHere }
    }
}
