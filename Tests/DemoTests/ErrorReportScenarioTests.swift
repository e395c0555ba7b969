import DemoBackend
import ErrorReports
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// Every scenario of the catalog, through the composed app against the demo backend: each error Navigation
/// presents unexplained reaches the backend as exactly one error report with its fingerprint, in DEV and production
/// alike; an unexplained error the domain left out is reported once; nothing else is reported; and one trace id
/// leads from the request to the journey, the report and the backend's log.
@MainActor
@Suite("Error reports in every scenario", .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct ErrorReportScenarioTests {
    /// The fingerprint each reporting scenario sends; every other scenario sends none.
    static let fingerprints: [DemoScenario: String] = [
        .paymentsUnexpected: "PaymentMethodsError.unknown/networking/internal",
        .walletPageUnavailable: "WalletPageError.unknown/networking/internal",
        .profileUnavailable: "ProfileRepositoryError.unavailable/networking/internal",
        .transferKeyReused: "TransferError.unknown/networking/idempotency_key_reused",
        .cardsServiceDown: "PaymentCardsRepositoryError.serviceDown/data/-",
    ]

    @Test(arguments: DemoScenario.allCases, AppEnvironment.allCases)
    func eachUnexplainedErrorSendsExactlyOneReport(_ scenario: DemoScenario, _ environment: AppEnvironment) async {
        let book = ErrorReportBook()
        var options = demo(book).options
        options.environment = environment

        let report = await DemoRun(options: options).run(scenario, on: scenario.plan.screen)

        let expected = Self.fingerprints[scenario].map { [$0] } ?? []
        #expect(report.errorReports.map(\.fingerprint.value) == expected)
        #expect(await book.all.map(\.fingerprint) == expected, "the backend received the same")
        #expect(await book.all.allSatisfy { $0.count == 1 })
        #expect(report.errorReports.allSatisfy { $0.environment == environment.rawValue && $0.locale == "en" })
    }

    /// What each reporting scenario sends, byte for byte (``ReportGolden``): backends group reports by fingerprint,
    /// and the breadcrumbs are the journey the report tells.
    @Test(arguments: ErrorReportGolden.scenarios, AppEnvironment.allCases)
    func eachReportKeepsItsFingerprintAndBreadcrumbs(_ scenario: DemoScenario, _ environment: AppEnvironment) async {
        #expect(Set(ErrorReportGolden.scenarios) == Set(Self.fingerprints.keys), "every reporting scenario")
        var options = demo(ErrorReportBook()).options
        options.environment = environment

        let report = await DemoRun(options: options).run(scenario, on: scenario.plan.screen)

        let sent = report.errorReports.map(ReportGolden.lines)
        let golden = ErrorReportGolden.reports["\(scenario.rawValue) \(environment.rawValue)"] ?? []
        #expect(sent.count == 1)
        #expect(ReportGolden.matches(sent.first ?? [], golden), "\(sent)")
    }

    @Test func everyScenarioThatEndsUnexplainedIsOneOfThem() {
        let presented = DemoScenario.allCases.filter { $0.plan.endsUnexplained }

        #expect(Set(presented).isSubset(of: Set(Self.fingerprints.keys)))
        #expect(Self.fingerprints.count == presented.count + 1, "and the one that leaves an unexplained source out")
    }

    @Test func oneTraceIDLeadsFromTheRequestToTheJourneyTheReportAndTheBackendsLog() async throws {
        let capture = LogCapture()
        var options = demo(ErrorReportBook()).options
        options.environment = .prod
        options.backendLogger = capture.logger(label: "backend")

        let report = await DemoRun(options: options).run(.transferKeyReused, on: .transfer)

        let sent = try #require(report.errorReports.first)
        let trace = try #require(sent.traceID)
        #expect(trace.count == 32)
        #expect(report.journey.allSatisfy { $0.traceID == trace }, "every step of the load")
        #expect(report.journey.last?.event.to?.contains("trace \(trace)") == true, "Diagnostic, as DEV shows it")
        let transferLine = try #require(capture.lines.first { $0.contains("POST /v1/transfers → 409") })
        #expect(transferLine.contains(trace), "the request's traceparent, as the backend read it")
        let reportLine = try #require(capture.lines.first { $0.contains("POST /v1/error-reports → 202") })
        #expect(reportLine.contains(trace), "the report's own request carries the trace that made it")
        #expect(capture.lines.contains { $0.contains("error report \(sent.fingerprint.value)") && $0.contains(trace) })
    }

    @Test func aReportCarriesTheJourneyAsBreadcrumbsAndTheRequestID() async throws {
        var options = demo(ErrorReportBook()).options
        options.environment = .prod

        let report = await DemoRun(options: options).run(.transferKeyReused, on: .transfer)

        let sent = try #require(report.errorReports.first)
        #expect(sent.breadcrumbs.map(\.from) == report.journey.map(\.event.from))
        #expect(sent.breadcrumbs.map(\.layer) == report.journey.map(\.event.layer))
        #expect(sent.breadcrumbs.first?.from == "HTTP 409 idempotency_key_reused")
        #expect(sent.requestID.map { report.journey.last?.event.to?.contains("request \($0)") } == true)
        #expect(sent.platform == ErrorReport.platform && sent.appVersion == "test")
    }

    @Test func theHTMLReportShowsEachRunsReportsWithTheirFingerprints() async throws {
        var options = demo(ErrorReportBook()).options
        options.environment = .prod
        let reports = [
            await DemoRun(options: options).run(.transferKeyReused, on: .transfer),
            await DemoRun(options: options).run(.paymentsHappy, on: .payments),
        ]

        let page = try Console.page(reports, title: "reports")

        let trace = try #require(reports[0].errorReports.first?.traceID)
        let reference = try #require(reports[0].errorReports.first?.reference?.value)
        #expect(page.contains("Error reports, by fingerprint"))
        #expect(
            page.contains(
                "TransferError.unknown/networking/idempotency_key_reused · reference \(reference) · trace \(trace)"))
        #expect(page.components(separatedBy: "Error reports, by fingerprint").count == 2, "only the run that sent one")
    }

    @Test func theSwitchTurnsErrorReportsOff() async {
        let book = ErrorReportBook()
        var options = demo(book).options
        options.sendsErrorReports = false

        let report = await DemoRun(options: options).run(.transferKeyReused, on: .transfer)

        #expect(report.errorReports.isEmpty)
        #expect(await book.all.isEmpty)
        #expect(report.outcome == .presented, "the screen is the same")
        #expect(Console.sendsErrorReports(environment: ["ERRORFLOW_ERROR_REPORTS": "off"]) == false)
        #expect(Console.sendsErrorReports(environment: [:]))
    }

    @Test func theBackendGroupsRepeatedReportsByFingerprint() async throws {
        let book = ErrorReportBook()
        let options = demo(book).options

        for _ in 0..<3 { _ = await DemoRun(options: options).run(.profileUnavailable, on: .profile) }
        _ = await DemoRun(options: options).run(.transferKeyReused, on: .transfer)

        let groups = await book.all
        #expect(
            groups.map(\.fingerprint) == [
                Self.fingerprints[.profileUnavailable], Self.fingerprints[.transferKeyReused],
            ])
        #expect(groups.map(\.count) == [3, 1])
        let first = try #require(groups.first)
        #expect(Set(first.traceIDs).count == 3, "one trace per run")
        #expect(first.firstSeen <= first.lastSeen)
        #expect(first.example.journey.last?.hasPrefix("navigation presented [default]") == true)
    }

    /// A demo run that waits up to a minute for its reports, so that a slow machine (the thread sanitizer) still
    /// delivers them.
    private func demo(_ book: ErrorReportBook) -> DemoRun {
        var options = DemoRun.Options(
            appVersion: "test", collector: JourneyCollector(), logger: quietLogger, backendLogger: quietLogger,
            errorReports: book)
        options.reportBudget = .seconds(60)
        return DemoRun(options: options)
    }
}

/// The error reports of the catalog's scenarios, as the reporter sent them when it rebuilt them from log lines: the
/// fingerprint, then the breadcrumbs.
enum ErrorReportGolden {
    static let scenarios: [DemoScenario] = [
        .paymentsUnexpected, .walletPageUnavailable, .profileUnavailable, .transferKeyReused, .cardsServiceDown,
    ]
    static let reports: [String: [String]] = [
        "cards-service-down dev": [
            "PaymentCardsRepositoryError.serviceDown/data/-",
            "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
            "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
            "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
        ],
        "cards-service-down prod": [
            "PaymentCardsRepositoryError.serviceDown/data/-",
            "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
            "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
            "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
        ],
        "payments-unexpected dev": [
            "PaymentMethodsError.unknown/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
            "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
            "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
            "domain omitted [default] WalletRepositoryError.unavailable → —",
            "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
            "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
            "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
            "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
        ],
        "payments-unexpected prod": [
            "PaymentMethodsError.unknown/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
            "networking mapped [unhandleable] HTTP 200 envelope SERVICE_DOWN → HTTPClientError.errorEnvelope(SERVICE_DOWN)",
            "data mapped [unhandleable] HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
            "domain omitted [default] WalletRepositoryError.unavailable → —",
            "domain omitted [default] PaymentCardsRepositoryError.serviceDown → —",
            "domain omitted [unhandleable] ApplePayError.serviceNotAvailable → —",
            "domain mapped [default] no payment method left → PaymentMethodsError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] PaymentMethodsError.unknown(UnknownBusinessError) → Navigation: PaymentMethodsError.unknown(UnknownBusinessError)",
            "navigation presented [default] PaymentMethodsError.unknown(UnknownBusinessError) → alert: error.default.title [retry]",
            "navigation logged [default] PaymentMethodsError.unknown(UnknownBusinessError) → PaymentMethodsError.unknown(UnknownBusinessError) reached Navigation unexplained; from: HTTPClientError.server(500) in networking · HTTP 500 · code internal · request <request> · trace <trace>; PaymentCardsRepositoryErro",
        ],
        "profile-unavailable dev": [
            "ProfileRepositoryError.unavailable/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/me after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/me after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → ProfileRepositoryError.unavailable",
            "presentation forwarded [default] ProfileRepositoryError.unavailable → Navigation: ProfileRepositoryError.unavailable",
            "navigation presented [default] ProfileRepositoryError.unavailable → alert: error.default.title [retry, copyRequestID]",
        ],
        "profile-unavailable prod": [
            "ProfileRepositoryError.unavailable/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/me after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/me after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → ProfileRepositoryError.unavailable",
            "presentation forwarded [default] ProfileRepositoryError.unavailable → Navigation: ProfileRepositoryError.unavailable",
            "navigation presented [default] ProfileRepositoryError.unavailable → alert: error.default.title [retry]",
            "navigation logged [default] ProfileRepositoryError.unavailable → ProfileRepositoryError.unavailable reached Navigation unexplained; from: HTTPClientError.server(500) in networking · HTTP 500 · code internal · request <request> · trace <trace>",
        ],
        "transfer-key-reused dev": [
            "TransferError.unknown/networking/idempotency_key_reused",
            "networking mapped [unhandleable] HTTP 409 idempotency_key_reused → HTTPClientError.conflict",
            "data mapped [unhandleable] HTTPClientError.conflict → TransferRepositoryError.keyReused",
            "domain mapped [default] TransferRepositoryError.keyReused → TransferError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] TransferError.unknown(UnknownBusinessError) → Navigation: TransferError.unknown(UnknownBusinessError)",
            "navigation presented [default] TransferError.unknown(UnknownBusinessError) → alert: error.default.title [contactSupport, copyRequestID]",
        ],
        "transfer-key-reused prod": [
            "TransferError.unknown/networking/idempotency_key_reused",
            "networking mapped [unhandleable] HTTP 409 idempotency_key_reused → HTTPClientError.conflict",
            "data mapped [unhandleable] HTTPClientError.conflict → TransferRepositoryError.keyReused",
            "domain mapped [default] TransferRepositoryError.keyReused → TransferError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] TransferError.unknown(UnknownBusinessError) → Navigation: TransferError.unknown(UnknownBusinessError)",
            "navigation presented [default] TransferError.unknown(UnknownBusinessError) → alert: error.default.title [contactSupport]",
            "navigation logged [default] TransferError.unknown(UnknownBusinessError) → TransferError.unknown(UnknownBusinessError) reached Navigation unexplained; from: HTTPClientError.conflict in networking · HTTP 409 · code idempotency_key_reused · request <request> · trace <trace>",
        ],
        "wallet-page-unavailable dev": [
            "WalletPageError.unknown/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
            "domain mapped [default] WalletRepositoryError.unavailable → WalletPageError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] WalletPageError.unknown(UnknownBusinessError) → Navigation: WalletPageError.unknown(UnknownBusinessError)",
            "navigation presented [default] WalletPageError.unknown(UnknownBusinessError) → alert: error.default.title [retry, copyRequestID]",
        ],
        "wallet-page-unavailable prod": [
            "WalletPageError.unknown/networking/internal",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 2 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "networking retried [recoverable] HTTPClientError.server(500) → attempt 3 of GET /v1/wallet after <backoff> s",
            "networking mapped [recoverable] HTTP 500 internal → HTTPClientError.server(500)",
            "data mapped [recoverable] HTTPClientError.server(500) → WalletRepositoryError.unavailable",
            "domain mapped [default] WalletRepositoryError.unavailable → WalletPageError.unknown(UnknownBusinessError)",
            "presentation forwarded [default] WalletPageError.unknown(UnknownBusinessError) → Navigation: WalletPageError.unknown(UnknownBusinessError)",
            "navigation presented [default] WalletPageError.unknown(UnknownBusinessError) → alert: error.default.title [retry]",
            "navigation logged [default] WalletPageError.unknown(UnknownBusinessError) → WalletPageError.unknown(UnknownBusinessError) reached Navigation unexplained; from: HTTPClientError.server(500) in networking · HTTP 500 · code internal · request <request> · trace <trace>",
        ],
    ]
}
