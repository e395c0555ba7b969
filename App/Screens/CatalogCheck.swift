import SharedError

/// One run held against what a catalog expected of it: the outcome and exit code, what each layer did and where
/// the journey stopped, and what differs. A scenario's catalog makes them (``ClientScenario/check(_:)``); a run that
/// played no scenario has none.
package struct CatalogCheck: Sendable {
    /// What happens in the run, as the catalog says it.
    package let summary: String
    /// The outcome the catalog expects.
    package let expectedOutcome: Outcome
    /// The exit code the catalog expects.
    package let expectedExitCode: Int32
    /// What each layer must do, and where the journey must stop.
    package let expectedJourney: JourneyShape
    /// What each layer did, and where the journey stopped.
    package let actualJourney: JourneyShape
    /// What differs, one line each; empty when the run ended as the catalog says.
    package let differences: [String]

    /// Whether the run ended as the catalog says.
    package var asExpected: Bool { differences.isEmpty }

    package init(
        summary: String, expectedOutcome: Outcome, expectedExitCode: Int32, expectedJourney: JourneyShape,
        actualJourney: JourneyShape, differences: [String]
    ) {
        self.summary = summary
        self.expectedOutcome = expectedOutcome
        self.expectedExitCode = expectedExitCode
        self.expectedJourney = expectedJourney
        self.actualJourney = actualJourney
        self.differences = differences
    }
}
