import ErrorReports
import Navigation
import Networking
import Redaction
import SharedError

/// Connects Navigation's ends of screen loads to the report sender: one error report per unexplained error of a
/// load, with the load's journey in the app's own layers as breadcrumbs (``ErrorReport`` keeps the first
/// ``ErrorReport/breadcrumbLimit`` and counts the rest), made where the error's journey ends (docs/decisions/0093),
/// each with a reference the user may quote: the one Navigation showed with the error, or a new one for an error
/// nobody was shown (docs/decisions/0098).
///
/// It reads only what the load handed over as values (``ScreenLoad``): the errors Navigation presented unexplained,
/// or, when there were none, the unexplained errors a layer left out. Nothing is read back from the log.
final class UnexplainedErrorReports: UnexplainedErrorReporting {
    private let sender: ClientReportSender
    private let appVersion: String
    private let locale: String
    private let secrets: SecretValues
    private let references: ErrorReferences

    init(
        sender: ClientReportSender, appVersion: String, locale: String, secrets: SecretValues,
        references: ErrorReferences = .random
    ) {
        self.sender = sender
        self.appVersion = appVersion
        self.locale = locale
        self.secrets = secrets
        self.references = references
    }

    func newReference() -> ErrorReference {
        references.make()
    }

    func screenLoadEnded(_ load: ScreenLoad, environment: AppEnvironment) {
        let presented = load.presentedUnexplained
        let leftOut = load.leftOut.filter { $0.category == .default }
        // Navigation's presentation covers the sources the use case folded into it: one error, one report.
        let unexplained = presented.isEmpty ? leftOut : presented
        // One report per fingerprint, carrying the reference shown last for it: the one on the screen now.
        var shown: [ErrorFingerprint: ErrorReference] = [:]
        for error in unexplained { shown[error.fingerprint] = error.reference ?? shown[error.fingerprint] }
        var reported: Set<ErrorFingerprint> = []
        // A broken body is a decoding defect, which the client report already told: never reported twice.
        for error in unexplained where !Self.comesOnlyFromBrokenBodies(error.diagnostics) {
            guard reported.insert(error.fingerprint).inserted else { continue }
            let reference = shown[error.fingerprint] ?? references.make()
            sender.submit(
                report(error, reference: reference, journey: load.journey, environment: environment),
                shownToTheUser: shown[error.fingerprint] != nil)
        }
    }

    /// Whether every failure behind an error is a body that broke the contract (there is at least one), as its
    /// diagnostics declare.
    static func comesOnlyFromBrokenBodies(_ diagnostics: [Diagnostic]) -> Bool {
        !diagnostics.isEmpty && diagnostics.allSatisfy { $0.kind == .brokenBody }
    }

    private func report(
        _ error: ErrorRecord, reference: ErrorReference, journey: [ErrorJourneyEvent], environment: AppEnvironment
    ) -> ErrorReport {
        // The app's own layers, as reports have always told them: a vendor SDK's answers are about the device.
        let breadcrumbs = journey.filter { $0.layer != .vendor }.map { step in
            Breadcrumb(
                layer: step.layer, action: step.action, category: step.category,
                from: Redaction.text(step.from, known: secrets),
                to: step.to.map { Redaction.text($0, known: secrets) })
        }
        return ErrorReport(
            reference: reference, fingerprint: error.fingerprint, breadcrumbs: breadcrumbs,
            requestID: error.diagnostics.lazy.compactMap(\.requestID).first,
            traceID: ScreenTrace.currentID ?? error.diagnostics.lazy.compactMap(\.traceID).first,
            environment: environment.rawValue, appVersion: appVersion, locale: locale)
    }
}
