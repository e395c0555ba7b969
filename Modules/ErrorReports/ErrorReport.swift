import Decoding
import Networking
public import SharedError

/// The body of `POST /v1/error-reports`: one error nobody explained, grouped by its fingerprint, with the journey
/// that led to it as breadcrumbs and the ids that find its requests in the backend's logs. Names, codes and ids
/// only, never a value the user typed or the backend sent; the sender redacts it like every report.
///
/// Bounded whatever the journey held: the first ``breadcrumbLimit`` breadcrumbs and a count of the rest, each text at
/// most ``ReportText/maximumLength`` characters.
public struct ErrorReport: Hashable, Sendable, Codable {
    /// The most breadcrumbs a report carries, as the contract's `maxItems` says; the rest are counted.
    public static let breadcrumbLimit = 50

    /// What the user may quote to support, as the app showed it (`7F3K-9Q2M`): the backend finds the report by it.
    /// Made with the report and kept for every resend; `nil` only in a report an earlier version kept in its outbox.
    public var reference: ErrorReference?
    /// What groups it with other reports of the same error.
    public var fingerprint: ErrorFingerprint
    /// The screen load's journey up to the error, oldest first; at most ``breadcrumbLimit``.
    public var breadcrumbs: [Breadcrumb]
    /// How many steps of the journey were left out after ``breadcrumbs``; `nil` when none was.
    public var omittedBreadcrumbs: Int?
    /// The `X-Request-ID` of the call behind the error, if a call was behind it.
    public var requestID: String?
    /// The W3C trace id of the screen load: the same in every request it made and in the backend's log lines.
    public var traceID: String?
    /// Where the app ran: `dev` or `prod`.
    public var environment: String
    /// The app's version.
    public var appVersion: String
    /// The language the user sees the app in (`en`).
    public var locale: String
    /// The system the app runs on: `Linux`, `macOS`, `iOS`.
    public var platform: String
    /// Reports this app did not send since its last delivery to this backend, by reason; set by the sender.
    public var unsent: UnsentReports?

    /// Makes a report within the bounds (``bounded``); `breadcrumbs` must hold journey steps only, as ``Breadcrumb``
    /// does.
    public init(
        reference: ErrorReference, fingerprint: ErrorFingerprint, breadcrumbs: [Breadcrumb], requestID: String?,
        traceID: String?, environment: String, appVersion: String, locale: String,
        platform: String = ErrorReport.platform, unsent: UnsentReports? = nil
    ) {
        self.reference = reference
        self.fingerprint = fingerprint
        self.breadcrumbs = breadcrumbs
        self.omittedBreadcrumbs = nil
        self.requestID = requestID
        self.traceID = traceID
        self.environment = environment
        self.appVersion = appVersion
        self.locale = locale
        self.platform = platform
        self.unsent = unsent
        self = bounded
    }

    /// This report within the bounds: the first ``breadcrumbLimit`` breadcrumbs, the rest counted in
    /// ``omittedBreadcrumbs`` (clamped to ``ReportCount/maximum``), every text cut to ``ReportText/maximumLength``,
    /// the counts of ``unsent`` clamped. A report read from a file goes through it before it is sent.
    public var bounded: ErrorReport {
        var report = self
        let kept = breadcrumbs.prefix(Self.breadcrumbLimit).map(\.bounded)
        let omitted = ReportCount.sum(breadcrumbs.count - kept.count, omittedBreadcrumbs ?? 0)
        report.breadcrumbs = kept
        report.omittedBreadcrumbs = omitted == 0 ? nil : omitted
        report.fingerprint = ErrorFingerprint(
            type: ReportText.cut(fingerprint.type), caseName: ReportText.cut(fingerprint.caseName),
            layer: ReportText.cut(fingerprint.layer), serverCode: fingerprint.serverCode.map(ReportText.cut))
        report.requestID = requestID.map(ReportText.cut)
        report.traceID = traceID.map(ReportText.cut)
        report.environment = ReportText.cut(environment)
        report.appVersion = ReportText.cut(appVersion)
        report.locale = ReportText.cut(locale)
        report.platform = ReportText.cut(platform)
        report.unsent = unsent.map {
            UnsentReports(queueFull: $0.queueFull, rateLimited: $0.rateLimited, refused: $0.refused)
        }
        return report
    }

    /// The system this build runs on.
    public static var platform: String {
        #if os(iOS)
            "iOS"
        #elseif os(macOS)
            "macOS"
        #elseif os(Linux)
            "Linux"
        #else
            "other"
        #endif
    }
}

/// One step of the journey, as a report carries it: `{layer, action, category, from, to}`.
public struct Breadcrumb: Hashable, Sendable, Codable {
    /// The layer that acted.
    public var layer: JourneyLayer
    /// What it did.
    public var action: JourneyAction
    /// The category of the error it acted on, if it was an error.
    public var category: ErrorCategory?
    /// What reached the layer.
    public var from: String
    /// What the layer turned it into, or `nil` where it stopped.
    public var to: String?

    /// The breadcrumb of one journey step.
    public init(_ event: ErrorJourneyEvent) {
        self.init(layer: event.layer, action: event.action, category: event.category, from: event.from, to: event.to)
    }

    /// Makes a breadcrumb from its parts.
    public init(layer: JourneyLayer, action: JourneyAction, category: ErrorCategory?, from: String, to: String?) {
        self.layer = layer
        self.action = action
        self.category = category
        self.from = from
        self.to = to
    }

    /// This breadcrumb with its texts cut to ``ReportText/maximumLength``.
    var bounded: Breadcrumb {
        Breadcrumb(
            layer: layer, action: action, category: category, from: ReportText.cut(from), to: to.map(ReportText.cut))
    }
}

/// How many reports were not sent, by reason, since the last delivery to a backend; sent with the next report and
/// counted anew after it. Every count stays within 0 through ``ReportCount/maximum``: made, decoded from a file or
/// summed, none can trap.
public struct UnsentReports: Hashable, Sendable, Codable {
    /// Given up because the queue or the outbox was full.
    public var queueFull: Int
    /// Not sent because the same error had been reported within the sender's window.
    public var rateLimited: Int
    /// Refused by the backend (a 4xx other than 429): it does not take them.
    public var refused: Int

    /// Makes counts, each clamped to 0 through ``ReportCount/maximum``; zero by default.
    public init(queueFull: Int = 0, rateLimited: Int = 0, refused: Int = 0) {
        self.queueFull = ReportCount.clamped(queueFull)
        self.rateLimited = ReportCount.clamped(rateLimited)
        self.refused = ReportCount.clamped(refused)
    }

    private enum CodingKeys: String, CodingKey { case queueFull, rateLimited, refused }

    /// Reads the counts, each clamped to 0 through ``ReportCount/maximum`` (a file may hold any number).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            queueFull: try container.decode(Int.self, forKey: .queueFull),
            rateLimited: try container.decode(Int.self, forKey: .rateLimited),
            refused: try container.decode(Int.self, forKey: .refused))
    }

    /// Whether nothing was left unsent.
    public var isEmpty: Bool { queueFull == 0 && rateLimited == 0 && refused == 0 }

    /// The sum of both counts, reason by reason, each at most ``ReportCount/maximum``.
    public static func + (lhs: UnsentReports, rhs: UnsentReports) -> UnsentReports {
        UnsentReports(
            queueFull: ReportCount.sum(lhs.queueFull, rhs.queueFull),
            rateLimited: ReportCount.sum(lhs.rateLimited, rhs.rateLimited),
            refused: ReportCount.sum(lhs.refused, rhs.refused))
    }
}
