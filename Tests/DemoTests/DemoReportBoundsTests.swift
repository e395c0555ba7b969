import Decoding
import DemoBackend
import ErrorReports
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// Promise: reports are bounded in count and bytes, and the contract says so. The app cuts a report of 10,000
/// defects or breadcrumbs to the contract's bounds (20 defects, 50 breadcrumbs, texts of 256 characters, with the
/// counts of what it left out), the demo backend takes exactly what the schema allows, and refuses (400) a body over
/// any of its bounds.
@Suite("Reports within the contract's bounds", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoReportBoundsTests {
    @Test func aClientReportOfTenThousandDefectsIsCutByTheAppAndTakenByTheDemo() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let sender = sender(for: backend)
        let long = String(repeating: "k", count: 300)
        let defects = (0..<10_000).map { DecodingDefect(keyPath: "\(long)[\($0)]", kind: .invalid, detail: long) }

        sender.submit(DecodingReport(defects: defects), endpoint: "/v1/payment-cards")
        await sender.flush()
        let received = await backend.receivedReports
        await backend.stop()

        #expect(await sender.deliveredReports().count == 1, "202")
        let report = try #require(received.first)
        #expect(report.failures.count == 20)
        #expect(report.omittedFailures == 9_980)
        #expect(report.failures.allSatisfy { $0.keyPath.count == 256 && $0.detail?.count == 256 })
    }

    @Test func anErrorReportOfTenThousandBreadcrumbsIsCutByTheAppAndTakenByTheDemo() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let sender = sender(for: backend)
        let long = String(repeating: "b", count: 300)
        var report = ErrorReport(
            reference: .sample,
            fingerprint: ErrorFingerprint(type: "TransferError", caseName: "unknown", layer: "networking"),
            breadcrumbs: [], requestID: nil, traceID: nil, environment: "prod", appVersion: "1", locale: "en")
        report.breadcrumbs = (0..<10_000).map {
            Breadcrumb(layer: .data, action: .mapped, category: .default, from: "\($0) \(long)", to: long)
        }

        sender.submit(report)
        await sender.flush()
        let groups = await backend.errorReports.all
        await backend.stop()

        #expect(await sender.deliveredErrorReports().count == 1, "202")
        #expect(groups.first?.example.journey.count == 50)
    }

    @Test func takesReportsAtTheContractsBounds() async throws {
        let text = String(repeating: "é", count: 256)
        let crumbs = Array(repeating: Self.breadcrumb(text), count: 50).joined(separator: ",")
        let failures = Array(repeating: #"{"keyPath":"\#(text)","kind":"novel","detail":"\#(text)"}"#, count: 20)

        let error = try await post(
            Self.errorReport(breadcrumbs: crumbs, extra: #","omittedBreadcrumbs":2147483647"#), to: "/v1/error-reports")
        let client = try await post(
            Self.clientReport(failures: failures.joined(separator: ","), extra: #","omittedFailures":2147483647"#),
            to: "/v1/client-reports")

        #expect(error == 202)
        #expect(client == 202)
    }

    @Test(arguments: [
        Self.errorReport(breadcrumbs: Array(repeating: Self.breadcrumb("x"), count: 51).joined(separator: ",")),
        Self.errorReport(breadcrumbs: Self.breadcrumb(String(repeating: "x", count: 257))),
        Self.errorReport(breadcrumbs: "", type: String(repeating: "T", count: 257)),
        Self.errorReport(breadcrumbs: "", extra: #","omittedBreadcrumbs":-1"#),
        Self.errorReport(breadcrumbs: "", extra: #","omittedBreadcrumbs":2147483648"#),
        Self.errorReport(breadcrumbs: "", extra: #","omittedBreadcrumbs":null"#),
        Self.errorReport(breadcrumbs: "", locale: String(repeating: "l", count: 257)),
    ])
    func refusesAnErrorReportOverTheContractsBounds(_ body: String) async throws {
        #expect(try await post(body, to: "/v1/error-reports") == 400)
    }

    @Test(arguments: [
        Self.clientReport(
            failures: Array(repeating: #"{"keyPath":"a","kind":"novel"}"#, count: 21).joined(separator: ",")),
        Self.clientReport(failures: #"{"keyPath":"\#(String(repeating: "a", count: 257))","kind":"novel"}"#),
        Self.clientReport(
            failures: #"{"keyPath":"a","kind":"novel","detail":"\#(String(repeating: "d", count: 257))"}"#),
        Self.clientReport(failures: "", extra: #","omittedFailures":-1"#),
        Self.clientReport(failures: "", extra: #","omittedFailures":null"#),
        Self.clientReport(failures: "", extra: #","appVersion":"\#(String(repeating: "9", count: 257))""#),
    ])
    func refusesAClientReportOverTheContractsBounds(_ body: String) async throws {
        #expect(try await post(body, to: "/v1/client-reports") == 400)
    }

    // MARK: - Helpers

    static func breadcrumb(_ text: String) -> String {
        #"{"layer":"data","action":"mapped","category":"default","from":"\#(text)","to":"\#(text)"}"#
    }

    static func errorReport(
        breadcrumbs: String, type: String = "TransferError", locale: String = "en", extra: String = ""
    ) -> String {
        #"{"fingerprint":{"type":"\#(type)","case":"unknown","layer":"networking"},"breadcrumbs":[\#(breadcrumbs)],"environment":"prod","appVersion":"1","platform":"Linux","locale":"\#(locale)"\#(extra)}"#
    }

    static func clientReport(failures: String, extra: String = "") -> String {
        #"{"endpoint":"/v1/payment-cards","failures":[\#(failures)]\#(extra)}"#
    }

    private func sender(for backend: DemoBackend) -> ClientReportSender {
        ClientReportSender(
            client: StatusCodeMappingHTTPClient(decoratee: URLSessionHTTPClient(), logger: quietLogger),
            configuration: .init(
                endpointURL: backend.baseURL.appendingPathComponent("/v1/client-reports"), appVersion: "test"),
            logger: quietLogger)
    }

    /// The status the demo backend answers `body` with at `path`.
    private func post(_ body: String, to path: String) async throws -> Int? {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let answer = await URLSessionHTTPClient().outcome(
            of: HTTPRequest(
                method: .post, url: backend.baseURL.appendingPathComponent(path),
                headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
        await backend.stop()
        return answer.value?.status
    }
}
