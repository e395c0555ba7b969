import SharedError

/// One run held against what a catalog expected of it: the outcome and exit code, what each layer did and where
/// the journey stopped, and what differs. The demo's catalog makes them; a run against another backend has none.
struct CatalogCheck: Sendable {
    /// What happens in the run, as the catalog says it.
    let summary: String
    /// The outcome the catalog expects.
    let expectedOutcome: Outcome
    /// The exit code the catalog expects.
    let expectedExitCode: Int32
    /// What each layer must do, and where the journey must stop.
    let expectedJourney: JourneyShape
    /// What each layer did, and where the journey stopped.
    let actualJourney: JourneyShape
    /// What differs, one line each; empty when the run ended as the catalog says.
    let differences: [String]

    /// Whether the run ended as the catalog says.
    var asExpected: Bool { differences.isEmpty }

    /// `report` held against the catalog, or `nil` for a run the catalog says nothing of.
    static func of(_ report: RunReport) -> CatalogCheck? {
        DemoCatalog.check(report)  // demo
        // without-demo: nil
    }
}
