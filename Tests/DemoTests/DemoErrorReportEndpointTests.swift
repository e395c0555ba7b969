import DemoBackend
import Foundation
import Networking
import TestSupport
import Testing

/// The demo backend's side of error reports: it takes exactly the contract's `ErrorReport`, groups what it takes by
/// fingerprint, shows the groups at `GET /v1/error-reports`, and writes each request's trace id in its log line.
@Suite("The demo backend's error reports", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoErrorReportEndpointTests {
    static let valid =
        #"{"fingerprint":{"type":"TransferError","case":"unknown","layer":"networking","serverCode":"idempotency_key_reused"},"breadcrumbs":[{"layer":"navigation","action":"presented","category":"default","from":"TransferError.unknown(UnknownBusinessError)","to":"alert: Something went wrong"}],"requestID":"req-1","traceID":"4bf92f3577b34da6a3ce929d0e0e4736","environment":"prod","appVersion":"1","locale":"en","platform":"Linux"}"#

    @Test(arguments: [
        #"{"fingerprint":{"type":"","case":"unknown","layer":"data"},"breadcrumbs":[],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux"}"#,
        #"{"fingerprint":{"type":"A","case":"b","layer":"data"},"breadcrumbs":[{"layer":"data"}],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux"}"#,
        #"{"fingerprint":{"type":"A","case":"b","layer":"data"},"breadcrumbs":[],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux","unsent":null}"#,
        #"{"fingerprint":{"type":"A","case":"b","layer":"data"},"breadcrumbs":[],"appVersion":"1","locale":"en","platform":"Linux"}"#,
        #"{"fingerprint":"A.b","breadcrumbs":[],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux"}"#,
        Self.report(unsent: #"{"queueFull":0,"rateLimited":0,"refused":-1}"#),
        Self.report(unsent: #"{"queueFull":2147483648,"rateLimited":0,"refused":0}"#),
        Self.report(unsent: #"{"queueFull":0,"rateLimited":36893488147419103231,"refused":0}"#),
    ])
    func refusesABodyTheSchemaDoesNotAllow(_ body: String) async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        let response = await post(body, to: backend)
        await backend.stop()

        #expect(response.value?.status == 400)
        #expect(await backend.errorReports.all.isEmpty)
    }

    @Test func takesCountsOfUnsentReportsUpToTheContractsBound() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        let response = await post(
            Self.report(unsent: #"{"queueFull":2147483647,"rateLimited":0,"refused":3}"#), to: backend)
        await backend.stop()

        #expect(response.value?.status == 202)
    }

    /// A resend from the app's outbox of a report that did arrive carries the same key: one report, counted once.
    @Test func aReportSentAgainUnderItsKeyIsCountedOnce() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        for key in ["key-1", "key-1", "key-2"] { _ = await post(Self.valid, to: backend, key: key) }
        let counts = await backend.errorReports.all.map(\.count)
        await backend.stop()

        #expect(counts == [2], "key-1 once, key-2 once")
    }

    /// A key sent again with another report is still one report: not counted, and the answer counts the group the
    /// key was first filed under, never 0 (the contract's `count` is at least 1).
    @Test func aKeySentAgainWithAnotherReportAnswersTheCountOfItsFirstReport() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        _ = await post(Self.valid, to: backend, key: "key-1")
        let again = await post(
            Self.report(unsent: #"{"queueFull":1,"rateLimited":0,"refused":0}"#), to: backend, key: "key-1")
        let counts = await backend.errorReports.all.map(\.count)
        await backend.stop()

        #expect(again.value?.status == 202)
        #expect(again.value.map { String(decoding: $0.body, as: UTF8.self) } == #"{"count":1}"#)
        #expect(counts == [1], "the second report under key-1 is not filed")
    }

    /// A report the schema allows, with `unsent` as given.
    static func report(unsent: String) -> String {
        #"{"fingerprint":{"type":"A","case":"b","layer":"data"},"breadcrumbs":[],"environment":"prod","appVersion":"1","locale":"en","platform":"Linux","unsent":"#
            + unsent + "}"
    }

    @Test func groupsWhatItTakesByFingerprintAndShowsTheGroups() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)

        for _ in 0..<2 { _ = await post(Self.valid, to: backend) }
        let answer = await URLSessionHTTPClient().outcome(
            of: HTTPRequest(method: .get, url: backend.baseURL.appendingPathComponent("/v1/error-reports")))
        await backend.stop()

        let object = try #require(
            try JSONSerialization.jsonObject(with: answer.value?.body ?? Data()) as? [String: Any])
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.count == 1)
        #expect(groups.first?["fingerprint"] as? String == "TransferError.unknown/networking/idempotency_key_reused")
        #expect(groups.first?["count"] as? Int == 2)
        #expect(
            groups.first?["traceIDs"] as? [String] == Array(repeating: "4bf92f3577b34da6a3ce929d0e0e4736", count: 2))
        let example = try #require(groups.first?["example"] as? [String: Any])
        #expect(
            example["journey"] as? [String] == [
                "navigation presented [default] TransferError.unknown(UnknownBusinessError) → alert: Something went wrong"
            ])
    }

    @Test func writesTheRequestsTraceIDInItsLogLine() async throws {
        let capture = LogCapture()
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: capture.logger())
        let trace = "0af7651916cd43dd8448eb211c80319c"

        _ = await post(Self.valid, to: backend, traceParent: "00-\(trace)-b7ad6b7169203331-01")
        _ = await post(Self.valid, to: backend, traceParent: "not a traceparent")
        await backend.stop()

        let lines = capture.lines.filter { $0.contains("POST /v1/error-reports → 202") }
        #expect(lines.count == 2)
        #expect(lines.first?.contains(trace) == true)
        #expect(lines.last?.contains(trace) == false, "a malformed header is no trace")
    }

    private func post(_ body: String, to backend: DemoBackend, traceParent: String? = nil, key: String? = nil) async
        -> Result<HTTPResponse, HTTPClientError>
    {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers[HeaderName.traceParent] = traceParent
        headers[HeaderName.idempotencyKey] = key
        return await URLSessionHTTPClient().outcome(
            of: HTTPRequest(
                method: .post, url: backend.baseURL.appendingPathComponent("/v1/error-reports"), headers: headers,
                body: Data(body.utf8)))
    }
}
