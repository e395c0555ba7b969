import DemoBackend
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

@testable import DemoCLI

/// Support finds a report by the reference the user quotes: `GET /v1/error-reports?reference=` answers the report as
/// the app sent it, 404 `report_not_found` for a reference no report carried, 400 `invalid_reference` for anything
/// that is not one reference; the book keeps a bounded number of reports to be found.
@Suite("Finding an error report by its reference", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ErrorReportLookupTests {
    @Test func aReportIsFoundByItsReferenceAsTheAppSentIt() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let sent = Self.report(reference: "7F3K-9Q2M", extra: #","futureField":[1,2]"#)

        #expect(await post(sent, to: backend) == 202)
        let answer = try #require(await lookUp("7F3K-9Q2M", on: backend).value)
        await backend.stop()

        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let found = try #require(try JSONSerialization.jsonObject(with: answer.body) as? NSDictionary)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(sent.utf8)) as? NSDictionary)
        #expect(found == original)
    }

    @Test func eachReferenceFindsItsOwnReport() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M", type: "First"), to: backend)
        _ = await post(Self.report(reference: "4X8R-2B7N", type: "Second"), to: backend)

        let first = await type(of: lookUp("7F3K-9Q2M", on: backend))
        let second = await type(of: lookUp("4X8R-2B7N", on: backend))
        await backend.stop()

        #expect(first == "First" && second == "Second")
    }

    @Test func aReferenceNoReportCarriedIsReportNotFound() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)

        let answer = await lookUp("4X8R-2B7N", on: backend)
        await backend.stop()

        #expect(answer.value?.status == 404)
        #expect(Self.code(answer) == "report_not_found")
    }

    @Test(arguments: ["7f3k-9q2m", "7F3K9Q2M", "7F3K-9Q2I", "7F3K-9Q2MX", "", "7F3K-9Q2M%20"])
    func anythingButOneReferenceIsInvalid(_ query: String) async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        let answer = await lookUp(query, on: backend)
        await backend.stop()

        #expect(answer.value?.status == 400)
        #expect(Self.code(answer) == "invalid_reference")
    }

    @Test func aReferenceGivenTwiceIsInvalid() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)

        let answer = await get("/v1/error-reports?reference=7F3K-9Q2M&reference=7F3K-9Q2M", on: backend)
        await backend.stop()

        #expect(answer.value?.status == 400)
    }

    @Test func withoutAReferenceTheGroupsAnswerAndNameTheExamplesReference() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)

        let answer = await get("/v1/error-reports", on: backend)
        await backend.stop()

        let object = try #require(
            try JSONSerialization.jsonObject(with: answer.value?.body ?? Data()) as? [String: Any])
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect((groups.first?["example"] as? [String: Any])?["reference"] as? String == "7F3K-9Q2M")
    }

    @Test(arguments: [#""7f3k-9q2m""#, #""7F3K-9Q2U""#, "null", "42", #""""#])
    func aReportWithAMalformedReferenceIsRefused(_ reference: String) async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        let status = await post(Self.report(rawReference: reference), to: backend)
        await backend.stop()

        #expect(status == 400)
        #expect(await backend.errorReports.all.isEmpty)
    }

    @Test func aReportWithoutAReferenceIsTakenAndGroupedButCannotBeFound() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        let status = await post(DemoErrorReportEndpointTests.valid, to: backend)
        await backend.stop()

        #expect(status == 202)
        #expect(await backend.errorReports.all.map(\.count) == [1])
    }

    @Test func theBookKeepsTheLatestReportsWithinItsBoundAndAResendOnce() async throws {
        let book = ErrorReportBook(referenceLimit: 2)
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, errorReports: book, logger: quietLogger)
        for reference in ["7F3K-9Q2M", "4X8R-2B7N", "4X8R-2B7N", "Q9ZD-1HMV"] {
            _ = await post(Self.report(reference: reference), to: backend)
        }

        let statuses = await [
            lookUp("7F3K-9Q2M", on: backend).value?.status, lookUp("4X8R-2B7N", on: backend).value?.status,
            lookUp("Q9ZD-1HMV", on: backend).value?.status,
        ]
        await backend.stop()

        #expect(statuses == [404, 200, 200], "the oldest gave way; the resend took one place")
    }

    @Test func theBookKeepsNoMoreBytesThanItsBound() async throws {
        let body = Data(Self.report(reference: "7F3K-9Q2M").utf8)
        let book = ErrorReportBook(referenceByteLimit: body.count + 10)
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, errorReports: book, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)
        _ = await post(Self.report(reference: "4X8R-2B7N"), to: backend)

        let statuses = await [
            lookUp("7F3K-9Q2M", on: backend).value?.status, lookUp("4X8R-2B7N", on: backend).value?.status,
        ]
        await backend.stop()

        #expect(statuses == [404, 200])
    }

    @Test func theReportsViewNamesTheExamplesReference() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)

        let view = ErrorReportsView.render(await backend.errorReports.all, style: TerminalStyle(usesColor: false))
        await backend.stop()

        #expect(view.contains("example (prod): reference 7F3K-9Q2M · trace - · request -"))
    }

    @Test func theLogLineOfAReportNamesItsReference() async throws {
        let capture = LogCapture()
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: capture.logger())

        _ = await post(Self.report(reference: "7F3K-9Q2M"), to: backend)
        await backend.stop()

        #expect(capture.lines.contains { $0.contains("error report A.b/data/-") && $0.contains("7F3K-9Q2M") })
    }

    /// The document's pattern for a reference takes exactly what the demo backend takes, and what the app makes.
    @Test func theReferencePatternTakesExactlyTheReferencesTheDemoTakes() async throws {
        let pattern = try #require(try OpenAPIDocumentTests.component("schemas", "ErrorReference", "pattern"))
        let candidates = [
            "7F3K-9Q2M", "0000-0000", "ZZZZ-ZZZZ", "7f3k-9q2m", "7F3K9Q2M", "7F3K-9Q2", "7F3K-9Q2MM", "7F3I-9Q2M",
            "7F3L-9Q2M", "7F3O-9Q2M", "7F3U-9Q2M", "7F3K_9Q2M", "-7F3K9Q2M", "7F3K--9Q2", " 7F3K-9Q2M",
        ]
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        for candidate in candidates {
            let status = await lookUp(candidate, on: backend).value?.status
            #expect(status == (OpenAPIDocumentTests.matches(pattern, candidate) ? 404 : 400), "\(candidate)")
            #expect(OpenAPIDocumentTests.matches(pattern, candidate) == (ErrorReference(candidate) != nil))
        }
        await backend.stop()
    }

    // MARK: - Helpers

    static func report(reference: String, type: String = "A", extra: String = "") -> String {
        report(rawReference: "\"\(reference)\"", type: type, extra: extra)
    }

    static func report(rawReference: String, type: String = "A", extra: String = "") -> String {
        #"{"reference":"# + rawReference + #","fingerprint":{"type":""# + type
            + #"","case":"b","layer":"data"},"breadcrumbs":[],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux""#
            + extra + "}"
    }

    static func code(_ answer: Result<HTTPResponse, HTTPClientError>) -> String? {
        let body = answer.value?.body ?? Data()
        return (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }

    private func type(of answer: Result<HTTPResponse, HTTPClientError>) -> String? {
        let body = answer.value?.body ?? Data()
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return (object?["fingerprint"] as? [String: Any])?["type"] as? String
    }

    private func post(_ body: String, to backend: DemoBackend) async -> Int? {
        await URLSessionHTTPClient().outcome(
            of: HTTPRequest(
                method: .post, url: backend.baseURL.appendingPathComponent("/v1/error-reports"),
                headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        ).value?.status
    }

    private func lookUp(_ reference: String, on backend: DemoBackend) async -> Result<HTTPResponse, HTTPClientError> {
        let escaped = reference.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? reference
        return await get("/v1/error-reports?reference=\(escaped)", on: backend)
    }

    private func get(_ pathAndQuery: String, on backend: DemoBackend) async -> Result<HTTPResponse, HTTPClientError> {
        let url = URL(string: backend.baseURL.absoluteString + pathAndQuery) ?? backend.baseURL
        return await URLSessionHTTPClient().outcome(of: HTTPRequest(method: .get, url: url))
    }
}
