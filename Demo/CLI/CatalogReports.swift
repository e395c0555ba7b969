import App
import DemoBackend

/// The catalog's scenarios that send error reports, for `errorflow explain`: read from the catalog when it runs, so
/// a scenario added to it appears once it declares the reports it sends. `ErrorReportScenarioTests` holds the
/// declarations to what each scenario really sends.
enum CatalogReports: ExplainedScenarios {
    static var reporting: [ReportingScenario] {
        DemoScenario.allCases.compactMap { scenario in
            let fingerprints = scenario.reportedFingerprints
            guard !fingerprints.isEmpty else { return nil }
            let plan = scenario.plan
            return ReportingScenario(
                name: scenario.rawValue, screen: plan.screen, summary: plan.summary, fingerprints: fingerprints)
        }
    }

    static var noneNote: String {
        "no scenario of the catalog sends it (`errorflow scenarios` lists them all)"
    }
}

extension DemoScenario {
    /// The fingerprints of the error reports this scenario's run sends, in DEV and production alike.
    var reportedFingerprints: [String] {
        switch self {
        case .cardsServiceDown: ["PaymentCardsRepositoryError.serviceDown/data/-"]
        case .paymentsUnexpected: ["PaymentMethodsError.unknown/networking/internal"]
        case .walletPageUnavailable: ["WalletPageError.unknown/networking/internal"]
        case .profileUnavailable: ["ProfileRepositoryError.unavailable/networking/internal"]
        case .transferKeyReused: ["TransferError.unknown/networking/idempotency_key_reused"]
        default: []
        }
    }
}
