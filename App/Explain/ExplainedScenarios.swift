/// What an executable tells `explain` about the scenarios it plays: each one that sends error reports, with their
/// fingerprints, read from its catalog when `explain` runs. The app's own executable plays none (``NoScenarios``).
package protocol ExplainedScenarios {
    /// Every scenario that sends an error report, in catalog order.
    static var reporting: [ReportingScenario] { get }
    /// What `explain` says when no scenario reproduces a fingerprint.
    static var noneNote: String { get }
}

/// A scenario that sends error reports, and how to play it.
package struct ReportingScenario: Hashable, Sendable, Encodable {
    /// The scenario's name: `transfer-key-reused`.
    package var name: String
    /// The screen that plays it.
    package var screen: Screen
    /// What happens, as the catalog says it.
    package var summary: String
    /// The fingerprints of the reports it sends.
    package var fingerprints: [String]

    package init(name: String, screen: Screen, summary: String, fingerprints: [String]) {
        self.name = name
        self.screen = screen
        self.summary = summary
        self.fingerprints = fingerprints
    }

    /// The command line that plays it and shows its journey.
    package var command: String {
        "errorflow \(screen.rawValue) --scenario \(name) --trace"
    }

    private enum CodingKeys: String, CodingKey { case name, screen, summary, command }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(screen, forKey: .screen)
        try container.encode(summary, forKey: .summary)
        try container.encode(command, forKey: .command)
    }
}

/// The app's own executable: it plays no scenario.
package enum NoScenarios: ExplainedScenarios {
    package static var reporting: [ReportingScenario] { [] }
    package static var noneNote: String {
        "none: this build (errorflow-app) plays no scenarios"
    }
}
