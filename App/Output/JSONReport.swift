import DemoBackend
import Foundation
import Navigation
import Networking
import SharedError

/// The one object `--format json` prints, field for field as `cli-and-scenarios.md` documents it.
struct JSONReport: Encodable {
    struct PresentedError: Encodable {
        var title: String
        var message: String?
        var presentation: PresentationMethod

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(message, forKey: .message)
            try container.encode(presentation, forKey: .presentation)
        }

        private enum CodingKeys: String, CodingKey { case title, message, presentation }
    }

    struct ReportEntry: Encodable {
        var endpoint: String
        var keyPath: String
        var kind: String
    }

    var scenario: String
    var screen: String
    var outcome: String
    var state: any Encodable
    var presentedError: PresentedError?
    var route: String?
    var journey: [ErrorJourneyEvent]
    var clientReports: [ReportEntry]
    var exitCode: Int32

    init(_ report: RunReport) {
        scenario = report.scenario.rawValue
        screen = report.screen.rawValue
        outcome = report.outcome.rawValue
        state = report.state
        presentedError = report.presentedError.map {
            PresentedError(title: $0.title, message: $0.message, presentation: $0.presentation)
        }
        route = report.route?.rawValue
        journey = report.journey.map(\.event)
        clientReports = report.clientReports.flatMap { sent in
            sent.failures.map { ReportEntry(endpoint: sent.endpoint, keyPath: $0.keyPath, kind: $0.kind.rawValue) }
        }
        exitCode = report.exitCode
    }

    private enum CodingKeys: String, CodingKey {
        case scenario, screen, outcome, state, presentedError, route, journey, clientReports, exitCode
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(screen, forKey: .screen)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(state, forKey: .state)
        try container.encode(presentedError, forKey: .presentedError)
        try container.encode(route, forKey: .route)
        try container.encode(journey, forKey: .journey)
        try container.encode(clientReports, forKey: .clientReports)
        try container.encode(exitCode, forKey: .exitCode)
    }

    /// Pretty, with sorted keys so that the output is stable from run to run.
    static func render(_ reports: [RunReport]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let objects = reports.map(JSONReport.init)
        let data: Data? =
            objects.count == 1 ? try? encoder.encode(objects[0]) : try? encoder.encode(objects.map(AnyReport.init))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private struct AnyReport: Encodable {
        let report: JSONReport
        init(_ report: JSONReport) { self.report = report }
        func encode(to encoder: any Encoder) throws { try report.encode(to: encoder) }
    }
}
