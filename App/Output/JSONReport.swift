import Decoding
import ErrorReports
import Foundation
import Navigation
import Networking
import SharedError

/// The one object `--format json` prints; scripts rely on its fields and their names.
package struct JSONReport: Encodable {
    struct PresentedError: Encodable {
        var key: String
        var title: String
        var message: String?
        var presentation: PresentationMethod
        var actions: [PresentedAction]
        /// The reference of the report the app sent about it (`7F3K-9Q2M`); written only when there is one.
        var reference: ErrorReference?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(title, forKey: .title)
            try container.encode(message, forKey: .message)
            try container.encode(presentation, forKey: .presentation)
            try container.encode(actions, forKey: .actions)
            try container.encodeIfPresent(reference, forKey: .reference)
        }

        private enum CodingKeys: String, CodingKey { case key, title, message, presentation, actions, reference }
    }

    struct ReportEntry: Encodable {
        var endpoint: String
        var keyPath: String
        var kind: String

        static func entries(_ report: ClientReport) -> [ReportEntry] {
            report.failures.map { ReportEntry(endpoint: report.endpoint, keyPath: $0.keyPath, kind: $0.kind.rawValue) }
        }
    }

    /// One error report: what groups it and the ids that find its requests in the backend's logs.
    struct ErrorReportEntry: Encodable {
        var fingerprint: String
        var reference: ErrorReference?
        var traceID: String?
        var requestID: String?

        init(_ report: ErrorReport) {
            fingerprint = report.fingerprint.value
            reference = report.reference
            traceID = report.traceID
            requestID = report.requestID
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fingerprint, forKey: .fingerprint)
            try container.encodeIfPresent(reference, forKey: .reference)
            try container.encode(traceID, forKey: .traceID)
            try container.encode(requestID, forKey: .requestID)
        }

        private enum CodingKeys: String, CodingKey { case fingerprint, reference, traceID, requestID }
    }

    /// A journey step as the documented object, with the trace id of the screen load it was recorded in.
    struct JourneyStep: Encodable {
        var event: ErrorJourneyEvent
        var traceID: String?

        func encode(to encoder: any Encoder) throws {
            try event.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(traceID, forKey: .traceID)
        }

        private enum CodingKeys: String, CodingKey { case traceID }
    }

    var scenario: String?
    var screen: String
    var outcome: String
    var state: any Encodable
    var presentedError: PresentedError?
    var route: String?
    var journey: [JourneyStep]
    var clientReports: [ReportEntry]
    var pendingReports: [ReportEntry]
    var errorReports: [ErrorReportEntry]
    var pendingErrorReports: [ErrorReportEntry]
    var droppedReports: Int
    var backendTransfers: Int?
    var exitCode: Int32

    package init(_ report: RunReport) {
        scenario = report.scenario
        screen = report.screen.rawValue
        outcome = report.outcome.rawValue
        state = report.state
        presentedError = report.presentedError.map {
            PresentedError(
                key: $0.key, title: $0.title, message: $0.message, presentation: $0.presentation, actions: $0.actions,
                reference: $0.reference?.reference)
        }
        route = report.route?.rawValue
        journey = report.journey.map { JourneyStep(event: $0.event, traceID: $0.traceID) }
        clientReports = report.clientReports.flatMap(ReportEntry.entries)
        pendingReports = report.pendingReports.pending.flatMap(ReportEntry.entries)
        errorReports = report.errorReports.map(ErrorReportEntry.init)
        pendingErrorReports = report.pendingReports.pendingErrorReports.map(ErrorReportEntry.init)
        droppedReports = report.pendingReports.dropped
        backendTransfers = report.backendTransfers
        exitCode = report.exitCode
    }

    private enum CodingKeys: String, CodingKey {
        case scenario, screen, outcome, state, presentedError, route, journey, clientReports, pendingReports
        case errorReports, pendingErrorReports, droppedReports, backendTransfers, exitCode
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(screen, forKey: .screen)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(state, forKey: .state)
        try container.encode(presentedError, forKey: .presentedError)
        try container.encode(route, forKey: .route)
        try container.encode(journey, forKey: .journey)
        try container.encode(clientReports, forKey: .clientReports)
        try container.encode(pendingReports, forKey: .pendingReports)
        try container.encode(errorReports, forKey: .errorReports)
        try container.encode(pendingErrorReports, forKey: .pendingErrorReports)
        try container.encode(droppedReports, forKey: .droppedReports)
        if let backendTransfers { try container.encode(backendTransfers, forKey: .backendTransfers) }
        try container.encode(exitCode, forKey: .exitCode)
    }

    /// Pretty, with sorted keys so that the output is stable from run to run.
    package static func render(_ report: RunReport) -> String {
        encoded(JSONReport(report))
    }

    /// `value` as every `--format json` prints it: pretty, with sorted keys, slashes as they are.
    static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The one object `transfer --pending --format json` prints: the run of each transfer sent again, and each transfer
/// whose key expired with its outcome unknown.
package struct PendingJSONReport: Encodable {
    /// A transfer not sent again because its key expired: the key's first 8 characters (what `--dismiss` takes) and
    /// when it was first sent.
    package struct Expired: Encodable {
        var key: String
        var firstSent: String
        var outcome = "unknown"

        package init(key: String, firstSent: String) {
            self.key = key
            self.firstSent = firstSent
        }
    }

    var pending: [JSONReport]
    var expired: [Expired]

    package init(pending: [RunReport], expired: [Expired]) {
        self.pending = pending.map(JSONReport.init)
        self.expired = expired
    }

    /// Pretty, with sorted keys, as a screen's report is.
    package var rendered: String { JSONReport.encoded(self) }
}
