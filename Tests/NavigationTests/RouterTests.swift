import Foundation
import Logging
import SharedError
import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Router.handle(_:for:) decides every app-wide reaction", .journeyProbe)
struct RouterTests {
    /// One kind of error reaching Navigation in one environment, named as the table names it.
    struct Input: Sendable, CustomTestStringConvertible {
        var key: String
        var error: any CategorizedError
        var environment: AppEnvironment

        var testDescription: String { key }
    }

    /// Every kind of error that can reach Navigation, in every environment.
    nonisolated static let inputs: [Input] = AppEnvironment.allCases.flatMap { environment -> [Input] in
        let errors: [(String, any CategorizedError)] =
            AppWideCondition.allCases.map { ($0.journeyName, ScreenFailure.appWide($0)) } + [
                ("an ignorable error (a cancelled load)", CancelledLoad()),
                ("an unexplained error (no screen words it)", Unexplained()),
                ("another LocalizedError", ExportFailed()),
                ("an error of no known kind", DiskFault(path: "/secret/path")),
            ]
        return errors.map { Input(key: "\($0.0) in \(environment.rawValue)", error: $0.1, environment: environment) }
    }

    @Test(arguments: inputs)
    func reactsToEveryKindOfErrorAsDocumented(_ input: Input) throws {
        let probe = JourneyProbe()
        let sut = Router(environment: input.environment, logger: probe.logger)

        sut.handle(input.error, for: "screen")

        try BoundaryTable("Router").check(
            input.key, category: input.error.category, reaction: .recorded(by: .navigation, in: probe))
    }

    @Test func theTableNamesNothingElse() throws {
        try BoundaryTable("Router").checkNamesExactly(Self.inputs.map(\.key))
    }

    @Test(arguments: [AppWideCondition.offline, .timedOut], AppEnvironment.allCases)
    func networkConditionsAreAlwaysAnAlert(_ condition: AppWideCondition, in environment: AppEnvironment) throws {
        let (sut, _) = makeSUT(environment)

        sut.handle(ScreenFailure.appWide(condition), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert == PresentationError.alert(for: condition, in: .english))
        #expect(alert.presentation == .alert)
        #expect(sut.route == nil)
    }

    @Test(arguments: AppEnvironment.allCases)
    func sessionExpiryFromManyRequestsRoutesOnce(in environment: AppEnvironment) {
        let (sut, journey) = makeSUT(environment)

        for _ in 0..<3 { sut.handle(ScreenFailure.appWide(.sessionExpired), for: "screen") }

        #expect(sut.route == .signIn && sut.presentedError == nil)
        #expect(journey().filter { $0.action == .routed }.count == 1)
        #expect(journey().filter { $0.action == .ignored }.count == 2)
    }

    @Test func devShowsWhatNoScreenExplainedWithDeveloperDetail() throws {
        let (sut, journey) = makeSUT(.dev)

        sut.handle(Unexplained(), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.title == "Something went wrong")
        #expect(alert.actions.map(\.action) == [.retry, .copyRequestID("req-7")])
        #expect(
            alert.message?.hasPrefix("Developer detail (DEV only): Unexplained reached Navigation unexplained") == true)
        #expect(
            alert.message?.contains("HTTPClientError.server(503) in networking · HTTP 503 · code busy · request req-7")
                == true)
        #expect(!journey().contains { $0.action == .logged }, "DEV shows the detail; it logs nothing")
    }

    @Test func prodShowsTheSafeDefaultAndKeepsTheDetailInTheLog() {
        let (sut, journey) = makeSUT(.prod)

        sut.handle(Unexplained(), for: "screen")

        #expect(sut.presentedError == .default(in: .english))
        #expect(journey().last?.action == .logged)
        #expect(journey().last?.from == "Unexplained")
        #expect(journey().last?.to?.contains("request req-7") == true)
    }

    @Test func devUsesALocalizedErrorsOwnWordsWithTheDetail() throws {
        let (sut, _) = makeSUT(.dev)

        sut.handle(ExportFailed(), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.title == "Export failed")
        #expect(alert.message?.hasPrefix("Developer detail") == true)
    }

    @Test(arguments: AppEnvironment.allCases)
    func anUnwaitedRetryAfterBecomesTheWayOut(in environment: AppEnvironment) throws {
        let (sut, _) = makeSUT(environment)

        sut.handle(Unexplained(retryAfterSeconds: 120), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.actions.first?.action == .retryAfter(seconds: 120))
        #expect(alert.actions.first?.label == "Try again in 120 seconds")
    }

    @Test func theAlertsSpeakTheRoutersLanguage() throws {
        let sut = Router(environment: .prod, language: .german, logger: quietLogger)

        sut.handle(ScreenFailure.appWide(.offline), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.title == "Kein Netzwerk")
        #expect(alert.actions.map(\.label) == ["Verbindung prüfen", "Erneut versuchen"])
    }

    @Test(arguments: AppEnvironment.allCases)
    func aCancelledLoadIsNeverAnAlert(in environment: AppEnvironment) {
        let (sut, _) = makeSUT(environment)

        sut.handle(CancelledLoad(), for: "screen")

        #expect(sut.presentedError == nil && sut.route == nil)
    }

    @Test func aScreenTakesBackOnlyWhatItCaused() {
        let (sut, _) = makeSUT(.dev)
        sut.handle(ScreenFailure.appWide(.timedOut), for: "wallet")
        sut.handle(ScreenFailure.appWide(.sessionExpired), for: "payments")

        sut.withdraw(for: "payments")
        #expect(sut.route == nil, "payments' route is gone")
        #expect(sut.presentedError != nil, "wallet's alert stays")

        sut.withdraw(for: "wallet")
        #expect(sut.presentedError == nil)
    }

    // MARK: - Helpers

    private func makeSUT(_ environment: AppEnvironment) -> (Router, () -> [ErrorJourneyEvent]) {
        let probe = JourneyProbe()
        return (Router(environment: environment, logger: probe.logger), { probe.events() })
    }
}

/// A screen's error that carries an app-wide condition up, as every screen's `appWide` case does.
private enum ScreenFailure: LayerError {
    case appWide(AppWideCondition)

    static let owningLayer = JourneyLayer.presentation
    var errorCase: ErrorCase {
        switch self {
        case .appWide(let condition): .appWide(condition)
        }
    }
}

/// An error no screen explained that has words of its own.
private struct ExportFailed: CategorizedError, LocalizedError {
    var errorDescription: String? { "Export failed" }
    var failureReason: String? { "The disk is full." }
    var recoverySuggestion: String? { "Free some space." }
    var category: ErrorCategory { .default }
    var appWideCondition: AppWideCondition? { nil }
    var journeyName: String { "ExportFailed" }
    var diagnostics: [Diagnostic] { [] }
}

/// An error no rule explained, as a business layer hands it up: default category, with where it came from.
private struct Unexplained: CategorizedError {
    var retryAfterSeconds: Int?
    var category: ErrorCategory { .default }
    var appWideCondition: AppWideCondition? { nil }
    var journeyName: String { "Unexplained" }
    var diagnostics: [Diagnostic] {
        [
            Diagnostic(
                error: "HTTPClientError.server(503)", layer: .networking, status: 503, serverCode: "busy",
                requestID: "req-7", retryAfterSeconds: retryAfterSeconds)
        ]
    }
}

private struct CancelledLoad: CategorizedError {
    var category: ErrorCategory { .ignorable }
    var appWideCondition: AppWideCondition? { nil }
    var journeyName: String { "CancelledLoad" }
    var diagnostics: [Diagnostic] { [] }
}

/// An error with no words and no origin of its own: only its category and its type's name.
private struct DiskFault: CategorizedError {
    let path: String
    var category: ErrorCategory { .default }
    var appWideCondition: AppWideCondition? { nil }
    var journeyName: String { "DiskFault" }
    var diagnostics: [Diagnostic] { [] }
}

@Suite("Navigation decides by what an error declares")
struct NavigationDecisionTests {
    @Test(arguments: AppWideCondition.allCases)
    func anAppWideConditionIsItsOwnDecision(_ condition: AppWideCondition) {
        #expect(Router.Decision(ScreenFailure.appWide(condition)) == .appWide(condition))
    }

    @Test func anIgnorableErrorIsToldApartByItsCategory() {
        #expect(Router.Decision(CancelledLoad()) == .ignore)
    }

    @Test func everythingElseIsUnexplained() {
        #expect(Router.Decision(ExportFailed()) == .unexplained)
        #expect(Router.Decision(DiskFault(path: "/")) == .unexplained)
        #expect(Router.Decision(Unexplained()) == .unexplained)
    }
}
