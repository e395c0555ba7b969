import Decoding
import ErrorReports
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

@testable import App

/// The HTML report: one self-contained page, and nothing a backend says can become markup.
@MainActor
@Suite("The HTML report", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct HTMLReportTests {
    static let payload = "<script>alert(1)</script>"

    @Test func aBackendsWordsShowAsTextEverywhereThePageShowsThem() throws {
        let page = try HTMLReport.page([Self.reportFullOf(Self.payload)], title: Self.payload, version: "test")

        #expect(!page.contains(Self.payload))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.components(separatedBy: "<script").count == 2, "the page's own script and nothing else")
    }

    @Test func thePageNeedsNothingFromTheNetwork() throws {
        let page = try HTMLReport.page([Self.reportFullOf("x")], title: "t", version: "test")

        for outside in ["http://", "https://", "<link", " src=", "@import", "url(http"] {
            #expect(!page.contains(outside), "\(outside) in a page that must work offline")
        }
        #expect(page.contains("Content-Security-Policy"))
        #expect(page.contains("default-src 'none'"))
    }

    @Test func theTemplatesNeverPrintAValueUnescaped() {
        let templates = [
            ReportTemplates.page, ReportTemplates.matrix, ReportTemplates.scenario, ReportTemplates.style,
            ReportTemplates.script,
        ]

        for template in templates {
            #expect(!template.contains("{{{") && !template.contains("{{&"))
        }
    }

    @Test func everyRunHasARowAndASection() throws {
        let reports = ["a", "b", "c"].map { Self.reportFullOf($0, scenario: "run-\($0)") }

        let page = try HTMLReport.page(reports, title: "t", version: "test")

        for name in ["run-a", "run-b", "run-c"] {
            #expect(page.contains(#"<tr data-scenario="\#(name)">"#))
            #expect(page.contains(#"id="s-\#(name)""#))
        }
    }

    @Test func eachDiagramHasATextAlternativeAndEachCellALabel() throws {
        let page = try HTMLReport.page([Self.reportFullOf("x")], title: "t", version: "test")

        #expect(page.contains(#"<svg role="img" aria-labelledby="#))
        #expect(page.contains("<desc id="))
        #expect(page.contains(#"aria-label="networking: mapped; the error stopped here""#))
    }

    @Test func anErrorReportTheBackendReceivedShowsTheReferenceTheUserCanQuote() throws {
        var report = Self.reportFullOf("x")
        report.errorReports = [
            ErrorReport(
                reference: .sample,
                fingerprint: ErrorFingerprint(
                    type: "ProfileRepositoryError", caseName: "unavailable", layer: "networking"),
                breadcrumbs: [], requestID: nil, traceID: "4bf92f3577b34da6a3ce929d0e0e4736", environment: "dev",
                appVersion: "test", locale: "en")
        ]

        let page = try HTMLReport.page([report], title: "t", version: "test")

        #expect(
            page.contains(
                "<li>ProfileRepositoryError.unavailable/networking/- · reference 7F3K-9Q2M · trace 4bf92f3577b34da6a3ce929d0e0e4736</li>"
            ))
    }

    /// A run whose every text, as a backend or a layer could have written it, is `text`.
    nonisolated static func reportFullOf(_ text: String, scenario: String? = nil) -> RunReport {
        let event = ErrorJourneyEvent(
            layer: .networking, module: "Networking", action: .mapped, from: "HTTP 500 \(text)", to: text,
            category: .unhandleable)
        let sent = ClientReport(
            endpoint: "/v1/\(text)", failures: [DecodingDefect(keyPath: text, kind: .invalid, detail: text)],
            appVersion: "test")
        return RunReport(
            scenario: scenario ?? text, screen: .profile, environment: .dev, outcome: .presented, exitCode: 1,
            screenText: "Profile\n  \(text)", state: text,
            presentedError: PresentationError(key: "test.key", title: text, message: text), route: nil,
            journey: [JourneyEntry(event: event, level: .error)], clientReports: [sent],
            pendingReports: ReportOutbox.Snapshot(), elapsed: .zero, deliberateWait: .zero, notes: [text])
    }
}
