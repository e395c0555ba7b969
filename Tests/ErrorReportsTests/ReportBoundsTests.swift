import Decoding
import ErrorReports
import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// Promise: reports are bounded in count and bytes. A client report lists the first 20 defects and counts the
/// rest; an error report carries the first 50 breadcrumbs and counts the rest; every text is at most 256
/// characters; every count stays within 0 through 2,147,483,647, whatever made it and whatever file it came from.
///
/// Roads to breaking it: a report made without the bound (the initialisers bound it); a report read from a file
/// written by hand or by an earlier version (the outbox bounds what it reads); a count summed past `Int.max` or
/// read negative (clamped, saturating); a text counted in grapheme clusters where the contract counts scalars.
@Suite("Reports are bounded", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ReportBoundsTests {
    @Test func aClientReportOfTenThousandDefectsListsTheFirstTwentyAndCountsTheRest() {
        let failures = (0..<10_000).map { DecodingDefect(keyPath: "cards[\($0)]", kind: .invalid, detail: "dropped") }

        let report = ClientReport(
            endpoint: "/v1/payment-cards", failures: failures, appVersion: "9", omittedFailures: 5)

        #expect(report.failures.map(\.keyPath) == (0..<20).map { "cards[\($0)]" })
        #expect(report.omittedFailures == 9_985)
    }

    @Test func anErrorReportOfTenThousandBreadcrumbsCarriesTheFirstFiftyAndCountsTheRest() {
        let steps = (0..<10_000).map { step("step \($0)") }

        let report = errorReport(breadcrumbs: steps)

        #expect(report.breadcrumbs.map(\.from) == (0..<50).map { "step \($0)" })
        #expect(report.omittedBreadcrumbs == 9_950)
        #expect(errorReport(breadcrumbs: [step("one")]).omittedBreadcrumbs == nil, "nothing left out, nothing said")
    }

    @Test func everyTextIsCutTo256CharactersAsTheContractCountsThem() {
        let long = String(repeating: "🙂", count: 300)
        let report = ErrorReport(
            reference: .sample,
            fingerprint: ErrorFingerprint(type: long, caseName: long, layer: long, serverCode: long),
            breadcrumbs: [step(long, to: long)], requestID: long, traceID: long, environment: long, appVersion: long,
            locale: long, platform: long)
        let client = ClientReport(
            endpoint: long, failures: [DecodingDefect(keyPath: long, kind: .missing, detail: long)], appVersion: long)

        let texts = [
            report.fingerprint.type, report.fingerprint.caseName, report.fingerprint.layer,
            report.fingerprint.serverCode, report.breadcrumbs.first?.from, report.breadcrumbs.first?.to,
            report.requestID, report.traceID, report.environment, report.appVersion, report.locale, report.platform,
            client.endpoint, client.failures.first?.keyPath, client.failures.first?.detail, client.appVersion,
        ]
        #expect(texts.allSatisfy { $0?.unicodeScalars.count == 256 }, "\(texts.map { $0?.unicodeScalars.count })")
        #expect(ReportText.cut("short") == "short")
    }

    @Test func aReportReadWithHugeOrNegativeCountsIsClampedWhenBounded() throws {
        let json = #"""
            {"endpoint":"/v1/me","failures":[],"appVersion":"1","omittedFailures":9223372036854775807}
            """#
        let unsent = #"{"queueFull":9223372036854775807,"rateLimited":-9223372036854775808,"refused":7}"#

        let client = try JSONDecoder().decode(ClientReport.self, from: Data(json.utf8)).bounded
        let counts = try JSONDecoder().decode(UnsentReports.self, from: Data(unsent.utf8))

        #expect(client.omittedFailures == ReportCount.maximum)
        #expect(counts == UnsentReports(queueFull: ReportCount.maximum, rateLimited: 0, refused: 7))
    }

    @Test func countsAddWithoutEverPassingTheBound() {
        let full = UnsentReports(queueFull: ReportCount.maximum, rateLimited: ReportCount.maximum, refused: 1)

        let sum = full + full

        #expect(sum == UnsentReports(queueFull: ReportCount.maximum, rateLimited: ReportCount.maximum, refused: 2))
        #expect(ReportCount.sum(Int.max, Int.max) == ReportCount.maximum)
        #expect(ReportCount.sum(Int.min, 3) == 3)
    }

    @Test func theSenderSendsTheBoundedReportAndTheJourneyNamesWhatItOnlyCounted() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let probe = JourneyProbe()
        let sut = ClientReportSender(
            client: spy, configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9"),
            clock: VirtualClock(), logger: probe.logger)
        let defects = (0..<10_000).map { DecodingDefect(keyPath: "cards[\($0)]", kind: .invalid, detail: "dropped") }
        let flow = JourneyFlowID("bounded")

        JourneyFlow.$current.withValue(flow) {
            sut.submit(DecodingReport(defects: defects), endpoint: "/v1/payment-cards")
        }
        await sut.flush()

        let body = try #require(spy.requests.first?.body)
        let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((sent["failures"] as? [Any])?.count == 20)
        #expect(sent["omittedFailures"] as? Int == 9_980)
        #expect(probe.actions(in: flow) == Array(repeating: .reported, count: 21))
        #expect(probe.events(in: flow).last?.from == "9980 more defects")
    }

    @Test func anErrorReportIsSentWithinItsBoundsWhateverWasSubmitted() async throws {
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = ClientReportSender(
            client: spy, configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9"),
            clock: VirtualClock(), logger: quietLogger)
        var report = errorReport(breadcrumbs: [])
        report.breadcrumbs = (0..<10_000).map { step("step \($0)") }

        sut.submit(report)
        await sut.flush()

        let sent = try JSONDecoder().decode(ErrorReport.self, from: try #require(spy.requests.first?.body))
        #expect(sent.breadcrumbs.count == 50)
        #expect(sent.omittedBreadcrumbs == 9_950)
    }

    // MARK: - Helpers

    private func step(_ from: String, to: String? = "x") -> Breadcrumb {
        Breadcrumb(layer: .data, action: .mapped, category: .default, from: from, to: to)
    }

    private func errorReport(breadcrumbs: [Breadcrumb]) -> ErrorReport {
        ErrorReport(
            reference: .sample, fingerprint: ErrorFingerprint(type: "E", caseName: "a", layer: "data"),
            breadcrumbs: breadcrumbs,
            requestID: nil, traceID: nil, environment: "prod", appVersion: "9", locale: "en")
    }
}
