public import Decoding
import Networking

/// The body of `POST /v1/client-reports`: which fields of which endpoint broke the contract. Key paths and kinds
/// only, never values.
///
/// Bounded whatever the body held: the first ``failureLimit`` failures and a count of the rest, each text at most
/// ``ReportText/maximumLength`` characters.
public struct ClientReport: Hashable, Sendable, Codable {
    /// The most failures a report lists, as the contract's `maxItems` says; the rest are counted.
    public static let failureLimit = DecodingReport.limit

    /// The path whose body had the defects: `/v1/wallet`.
    public var endpoint: String
    /// The defects, each `{keyPath, kind, detail}` as the contract names them; at most ``failureLimit``.
    public var failures: [DecodingDefect]
    /// The app's version, so the backend engineers know which parser found the defects.
    public var appVersion: String
    /// How many defects the decode found beyond ``failures``; `nil` when it listed them all.
    public var omittedFailures: Int?

    /// Makes a report of the first ``failureLimit`` of `failures` (the rest, and `omittedFailures`, counted), each
    /// text cut to ``ReportText/maximumLength``; `failures` must hold key paths and kinds only, as
    /// ``DecodingDefect`` does.
    public init(endpoint: String, failures: [DecodingDefect], appVersion: String, omittedFailures: Int = 0) {
        self.endpoint = endpoint
        self.failures = failures
        self.appVersion = appVersion
        self.omittedFailures = omittedFailures
        self = bounded
    }

    /// This report within the bounds: the first ``failureLimit`` failures, the rest counted in ``omittedFailures``
    /// (clamped to ``ReportCount/maximum``), every text cut to ``ReportText/maximumLength``. A report read from a
    /// file goes through it before it is sent.
    public var bounded: ClientReport {
        var report = self
        let kept = failures.prefix(Self.failureLimit).map { failure in
            DecodingDefect(
                keyPath: ReportText.cut(failure.keyPath), kind: failure.kind, detail: ReportText.cut(failure.detail))
        }
        let omitted = ReportCount.sum(failures.count - kept.count, omittedFailures ?? 0)
        report.failures = kept
        report.omittedFailures = omitted == 0 ? nil : omitted
        report.endpoint = ReportText.cut(endpoint)
        report.appVersion = ReportText.cut(appVersion)
        return report
    }
}
