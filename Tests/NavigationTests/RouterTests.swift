import Foundation
import Logging
import Navigation
import SharedError
import Testing

@MainActor
@Suite("Router.handle(_:) decides every app-wide reaction")
struct RouterTests {
    @Test(arguments: APIError.allCases, AppEnvironment.allCases)
    func sharedAPIErrorsAreAlwaysAnAlert(_ error: APIError, in environment: AppEnvironment) throws {
        let (sut, journey) = makeSUT(environment)

        sut.handle(error)

        let alert = try #require(sut.presentedError)
        #expect(alert.title == error.errorDescription)
        #expect(alert.message == "\(error.failureReason ?? "") \(error.recoverySuggestion ?? "")")
        #expect(alert.presentation == .alert)
        #expect(sut.route == nil)
        #expect(journey() == [event(.presented, from: "APIError.\(error)", to: "alert: \(alert.title)")])
    }

    @Test(arguments: AppEnvironment.allCases)
    func sessionExpiryRoutesToSignInWithoutAnAlert(in environment: AppEnvironment) {
        let (sut, journey) = makeSUT(environment)

        sut.handle(SessionExpiredError())

        #expect(sut.route == .signIn)
        #expect(sut.presentedError == nil)
        #expect(journey() == [event(.routed, from: "SessionExpiredError", to: "signIn")])
    }

    @Test(arguments: AppEnvironment.allCases)
    func sessionExpiryFromManyRequestsRoutesOnce(in environment: AppEnvironment) {
        let (sut, journey) = makeSUT(environment)

        for _ in 0..<3 { sut.handle(SessionExpiredError()) }

        #expect(journey().filter { $0.action == .routed }.count == 1)
        #expect(journey().filter { $0.action == .ignored }.count == 2)
    }

    @Test func otherLocalizedErrorsAreAnAlertInDev() throws {
        let (sut, journey) = makeSUT(.dev)

        sut.handle(ExportFailed())

        let alert = try #require(sut.presentedError)
        #expect(alert.title == "Export failed")
        #expect(alert.message == "The disk is full. Free some space.")
        #expect(sut.loggedErrors.isEmpty)
        #expect(journey() == [event(.presented, from: "ExportFailed", to: "alert: Export failed")])
    }

    @Test func otherLocalizedErrorsAreOnlyLoggedInProd() {
        let (sut, journey) = makeSUT(.prod)

        sut.handle(ExportFailed())

        #expect(sut.presentedError == nil)
        #expect(sut.route == nil)
        #expect(sut.loggedErrors == ["ExportFailed"])
        #expect(journey() == [event(.logged, from: "ExportFailed", to: nil)])
    }

    @Test func aLocalizedErrorWithoutDetailsStillGetsAMessage() throws {
        let (sut, _) = makeSUT(.dev)

        sut.handle(Terse())

        let alert = try #require(sut.presentedError)
        #expect(alert.title == PresentationError.default.title)
        #expect(alert.message == PresentationError.default.message)
    }

    @Test(arguments: AppEnvironment.allCases)
    func anythingElseIsLoggedWithItsTypeNameNeverDropped(in environment: AppEnvironment) {
        let (sut, journey) = makeSUT(environment)

        sut.handle(DiskFault(path: "/secret/path"))

        #expect(sut.presentedError == nil)
        #expect(sut.route == nil)
        #expect(sut.loggedErrors == ["DiskFault"])
        #expect(journey() == [event(.logged, from: "DiskFault", to: nil)])
    }

    @Test func dismissingClearsTheAlert() {
        let (sut, _) = makeSUT(.dev)
        sut.handle(APIError.networkUnavailable)

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

    private func event(_ action: JourneyAction, from: String, to: String?) -> ErrorJourneyEvent {
        ErrorJourneyEvent(layer: .navigation, module: "Navigation", action: action, from: from, to: to)
    }
}

private struct ExportFailed: LocalizedError {
    var errorDescription: String? { "Export failed" }
    var failureReason: String? { "The disk is full." }
    var recoverySuggestion: String? { "Free some space." }
}

private struct Terse: LocalizedError {}

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

    @Test func localizedAndUnknownAreSeparated() {
        guard case .localized = RoutedError(ExportFailed()) else {
            Issue.record("expected .localized")
            return
        }
        guard case .unknown = RoutedError(DiskFault(path: "/")) else {
            Issue.record("expected .unknown")
            return
        }
    }
}
