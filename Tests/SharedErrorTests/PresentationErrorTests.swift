import Foundation
import SharedError
import Testing

@Suite("PresentationError")
struct PresentationErrorTests {
    @Test func defaultIsTheLastLineOfDefence() {
        let fallback = PresentationError.default

        #expect(fallback.title == "Something went wrong")
        #expect(fallback.presentation == .alert)
        #expect(fallback.message?.isEmpty == false)
    }

    @Test(arguments: PresentationMethod.allCases)
    func presentationMethodsUseTheDocumentedJSONNames(_ method: PresentationMethod) throws {
        let documented: [PresentationMethod: String] = [.alert: "alert", .indicator: "indicator", .inline: "inline"]
        let encoded = try JSONEncoder().encode(method)

        #expect(String(decoding: encoded, as: UTF8.self) == "\"\(try #require(documented[method]))\"")
    }

    @Test func roundTripsThroughJSON() throws {
        let error = PresentationError(
            title: "Sign in failed", message: nil, presentation: .indicator, iconName: "xmark")

        let decoded = try JSONDecoder().decode(PresentationError.self, from: JSONEncoder().encode(error))

        #expect(decoded == error)
    }
}

@Suite("ErrorCategory")
struct ErrorCategoryTests {
    @Test func hasTheFourKindsFromErrorFlow() {
        #expect(ErrorCategory.allCases == [.ignorable, .recoverable, .unhandleableHere, .default])
    }

    @Test func sessionExpiryIsHandedOnNotPresented() {
        #expect(AppWideCondition.sessionExpired.category == .unhandleableHere)
    }
}

@Suite("Duration.formattedSeconds")
struct DurationFormattingTests {
    @Test(arguments: [
        (Duration.zero, "0.00 s"), (.milliseconds(5), "0.00 s"), (.milliseconds(80), "0.08 s"),
        (.milliseconds(800), "0.80 s"),
        (.milliseconds(1_250), "1.25 s"), (.seconds(61), "61.00 s"),
    ])
    func writesSecondsWithTwoDecimals(_ duration: Duration, _ expected: String) {
        #expect(duration.formattedSeconds == expected)
    }
}
