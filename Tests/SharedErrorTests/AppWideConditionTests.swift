import Foundation
import SharedError
import Testing

@Suite("App-wide conditions speak to people, and pass through the layers by declaration")
struct AppWideConditionTests {
    @Test(arguments: AppWideCondition.allCases, [Language.english, .german])
    func itsAlertSpeaksInFullSentences(_ condition: AppWideCondition, _ language: Language) {
        let alert = PresentationError.alert(for: condition, in: language)

        #expect(!alert.title.isEmpty)
        #expect(alert.message?.first?.isUppercase == true, "\(alert.message ?? "")")
        #expect(alert.message?.hasSuffix(".") == true, "\(alert.message ?? "")")
        #expect(!alert.actions.isEmpty, "every condition has a way out")
    }

    @Test(arguments: AppWideCondition.allCases)
    func itsAlertNeverShowsItsTypeOrCaseName(_ condition: AppWideCondition) {
        let alert = PresentationError.alert(for: condition, in: .english)
        let text = [alert.title, alert.message ?? ""].joined(separator: " ")

        #expect(!text.contains("AppWideCondition"))
        #expect(!text.contains("\(condition)"))
    }

    @Test(arguments: AppWideCondition.allCases)
    func isHandedOnByTheLayersThatMeetIt(_ condition: AppWideCondition) {
        #expect(condition.category == .unhandleable)
        #expect(condition.journeyName == "AppWideCondition.\(condition)")
    }

    @Test func casesAreDistinctForUsers() {
        let titles = Set(AppWideCondition.allCases.map { PresentationError.alert(for: $0, in: .english).title })
        #expect(titles.count == AppWideCondition.allCases.count)
    }

    @Test func eachConditionOffersItsOwnWayOut() {
        let kinds = AppWideCondition.allCases.map { condition in
            PresentationError.alert(for: condition, in: .english).actions.map(\.action.kind)
        }

        #expect(kinds == [["checkConnection", "retry"], ["retry"], ["signIn"]])
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

    private enum Lower: BackendCallError, Equatable {
        case ownProblem
        case appWide(AppWideCondition)
        case cancelled

        static let owningLayer = JourneyLayer.data
        var errorCase: ErrorCase {
            switch self {
            case .ownProblem: .unhandleable("ownProblem")
            case .appWide(let condition): .appWide(condition)
            case .cancelled: .cancelled
            }
        }
    }

    private enum Upper: BackendCallError, Equatable {
        case appWide(AppWideCondition)
        case cancelled

        static let owningLayer = JourneyLayer.domain
        var errorCase: ErrorCase {
            switch self {
            case .appWide(let condition): .appWide(condition)
            case .cancelled: .cancelled
            }
        }
    }
}
