import Foundation
import Logging
import SharedError
import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Router.handle(_:for:) decides every app-wide reaction")
struct RouterTests {
    /// One kind of error reaching Navigation in one environment, named as the table names it.
    struct Input: Sendable, CustomTestStringConvertible {
        var key: String
        var error: any Error & Sendable
        var environment: AppEnvironment

        var testDescription: String { key }
    }

    /// Every kind of error that can reach Navigation, in every environment.
    nonisolated static let inputs: [Input] = AppEnvironment.allCases.flatMap { environment -> [Input] in
        let errors: [(String, any Error & Sendable)] =
            APIError.allCases.map { ($0.journeyName, $0) } + [
                ("SessionExpiredError", SessionExpiredError()),
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
            input.key, category: (input.error as? any CategorizedError)?.category,
            reaction: .recorded(by: .navigation, in: probe))
    }

    @Test func theTableNamesNothingElse() throws {
        try BoundaryTable("Router").checkNamesExactly(Self.inputs.map(\.key))
    }

    @Test(arguments: APIError.allCases, AppEnvironment.allCases)
    func sharedAPIErrorsAreAlwaysAnAlert(_ error: APIError, in environment: AppEnvironment) throws {
        let (sut, _) = makeSUT(environment)

        sut.handle(error, for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.title == error.errorDescription)
        #expect(alert.message == "\(error.failureReason ?? "") \(error.recoverySuggestion ?? "")")
        #expect(alert.presentation == .alert)
        #expect(sut.route == nil)
    }

    @Test(arguments: AppEnvironment.allCases)
    func sessionExpiryFromManyRequestsRoutesOnce(in environment: AppEnvironment) {
        let (sut, journey) = makeSUT(environment)

        for _ in 0..<3 { sut.handle(SessionExpiredError(), for: "screen") }

        #expect(sut.route == .signIn && sut.presentedError == nil)
        #expect(journey().filter { $0.action == .routed }.count == 1)
        #expect(journey().filter { $0.action == .ignored }.count == 2)
    }

    @Test func devShowsWhatNoScreenExplainedWithDeveloperDetail() throws {
        let (sut, _) = makeSUT(.dev)

        sut.handle(Unexplained(), for: "screen")

        let alert = try #require(sut.presentedError)
        #expect(alert.title == PresentationError.default.title)
        #expect(
            alert.message?.hasPrefix("Developer detail (DEV only): Unexplained reached Navigation unexplained") == true)
        #expect(
            alert.message?.contains("HTTPClientError.server(503) in networking · HTTP 503 · code busy · request req-7")
                == true)
        #expect(sut.loggedErrors.isEmpty)
    }

    @Test func prodShowsTheSafeDefaultAndKeepsTheDetailInTheLog() {
        let (sut, journey) = makeSUT(.prod)

        sut.handle(Unexplained(), for: "screen")

        #expect(sut.presentedError == .default)
        #expect(sut.loggedErrors == ["Unexplained"])
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
    func aCancelledLoadIsNeverAnAlert(in environment: AppEnvironment) {
        let (sut, _) = makeSUT(environment)

        sut.handle(CancelledLoad(), for: "screen")

        #expect(sut.presentedError == nil && sut.route == nil)
    }

    @Test func aScreenTakesBackOnlyWhatItCaused() {
        let (sut, _) = makeSUT(.dev)
        sut.handle(APIError.timedOut, for: "wallet")
        sut.handle(SessionExpiredError(), for: "payments")

        sut.withdraw(for: "payments")
        #expect(sut.route == nil, "payments' route is gone")
        #expect(sut.presentedError != nil, "wallet's alert stays")

        sut.withdraw(for: "wallet")
        #expect(sut.presentedError == nil)
    }

    @Test func dismissingClearsTheAlert() {
        let (sut, _) = makeSUT(.dev)
        sut.handle(APIError.networkUnavailable, for: "screen")

        sut.dismissAlert()

        #expect(sut.presentedError == nil)
    }

    @Test func routingDirectlyNeedsNoError() {
        let (sut, journey) = makeSUT(.prod)

        sut.show(.signIn)

        #expect(sut.route == .signIn)
        #expect(journey().isEmpty)
    }

    // MARK: - Helpers

    private func makeSUT(_ environment: AppEnvironment) -> (Router, () -> [ErrorJourneyEvent]) {
        let collector = JourneyCollector()
        let router = Router(environment: environment, logger: .journeyRecording(label: "test", into: collector))
        return (router, { collector.events(in: nil) })
    }
}

private struct ExportFailed: LocalizedError {
    var errorDescription: String? { "Export failed" }
    var failureReason: String? { "The disk is full." }
    var recoverySuggestion: String? { "Free some space." }
}

/// An error no rule explained, as a business layer hands it up: default category, with where it came from.
private struct Unexplained: Error, CategorizedError, Diagnosable {
    var category: ErrorCategory { .default }
    var diagnostics: [Diagnostic] {
        [
            Diagnostic(
                error: "HTTPClientError.server(503)", layer: .networking, status: 503, serverCode: "busy",
                requestID: "req-7")
        ]
    }
}

private struct CancelledLoad: Error, CategorizedError, JourneyDescribable {
    var category: ErrorCategory { .ignorable }
    var journeyName: String { "CancelledLoad" }
}

private struct DiskFault: Error {
    let path: String
}

@Suite("RoutedError tells the kinds apart")
struct RoutedErrorTests {
    @Test(arguments: APIError.allCases)
    func apiErrorsAreShared(_ error: APIError) {
        guard case .shared(let shared) = RoutedError(error) else {
            Issue.record("expected .shared")
            return
        }
        #expect(shared == error)
    }

    @Test func sessionExpiryIsItsOwnKind() {
        guard case .sessionExpired = RoutedError(SessionExpiredError()) else {
            Issue.record("expected .sessionExpired")
            return
        }
    }

    @Test func anIgnorableErrorIsToldApartByItsCategory() {
        guard case .ignorable = RoutedError(CancelledLoad()) else {
            Issue.record("expected .ignorable")
            return
        }
    }

    @Test func everythingElseIsUnexplained() {
        for error in [ExportFailed(), DiskFault(path: "/")] as [any Error] {
            guard case .unexplained = RoutedError(error) else {
                Issue.record("expected .unexplained for \(error)")
                return
            }
        }
    }
}
