import Logging
import Navigation
import Networking
import SharedError

/// Connects Navigation's unexplained errors to the report sender: one error report per unexplained error, with the
/// screen load's journey as breadcrumbs (``ErrorReport`` keeps the first ``ErrorReport/breadcrumbLimit`` and counts
/// the rest), made where the error's journey ends (ARCHITECTURE.md, Decisions).
///
/// It keeps the journey steps of each running screen load, filed by trace (``ScreenTrace``) through a log handler
/// of its own, and lets them go when the load ends.
final class UnexplainedErrorReports: UnexplainedErrorReporting {
    /// The steps of the screen loads running now, by trace id.
    private let trail: JourneyCollector
    private let sender: ClientReportSender
    private let appVersion: String
    private let locale: String
    private let secrets: SecretValues
    /// The traces of loads in which Navigation presented (and so reported) an unexplained error.
    private let reportedTraces = LockedState<Set<String>>([])
    /// The traces of the loads that ended last, oldest first.
    private let endedTraces = LockedState<[String]>([])
    private static let recentlyEnded = 32

    init(trail: JourneyCollector, sender: ClientReportSender, appVersion: String, locale: String, secrets: SecretValues)
    {
        self.trail = trail
        self.sender = sender
        self.appVersion = appVersion
        self.locale = locale
        self.secrets = secrets
    }

    /// `logger`, also filing its journey steps into `trail` by trace.
    static func recording(_ logger: Logger, into trail: JourneyCollector) -> Logger {
        var recording = logger
        recording.handler = MultiplexLogHandler([logger.handler, JourneyLogHandler(collector: trail, filing: .byTrace)])
        return recording
    }

    func presentedUnexplained(_ error: some ScreenError, environment: AppEnvironment) {
        let traceID = ScreenTrace.currentID
        if let traceID { reportedTraces.withLock { _ = $0.insert(traceID) } }
        // A broken body is a decoding defect, which the client report already told: never reported twice.
        guard !Self.comesOnlyFromDecoding(error.diagnostics) else { return }
        sender.submit(
            report(
                ErrorFingerprint(of: error), traceID: traceID ?? error.diagnostics.lazy.compactMap(\.traceID).first,
                requestID: error.diagnostics.lazy.compactMap(\.requestID).first, environment: environment))
    }

    func screenLoadEnded(environment: AppEnvironment) {
        guard let traceID = ScreenTrace.currentID else { return }
        let steps = trail.removeEntries(in: JourneyFlowID(traceID)).map(\.event)
        forgetLateSteps(ending: traceID)
        guard reportedTraces.withLock({ $0.remove(traceID) }) == nil else { return }
        var reported: Set<String> = []
        for (index, step) in steps.enumerated() where step.action == .omitted && step.category == .default {
            guard !Self.comesFromDecoding(step.from, in: steps.prefix(index)) else { continue }
            guard reported.insert(step.from).inserted else { continue }
            let fingerprint = ErrorFingerprint(journeyName: step.from, layer: step.origin.rawValue)
            sender.submit(
                report(fingerprint, traceID: traceID, requestID: nil, environment: environment, breadcrumbs: steps))
        }
    }

    /// Whether every failure behind an error is a decoding failure (there is at least one).
    static func comesOnlyFromDecoding(_ diagnostics: [Diagnostic]) -> Bool {
        !diagnostics.isEmpty && diagnostics.allSatisfy(\.isDecodingFailure)
    }

    /// Whether the error named `name` was made, in `earlier` steps, from a broken body: mapped from a
    /// `DecodingFailure`, or read by the data layer from the body itself (a value the app does not know).
    static func comesFromDecoding(_ name: String, in earlier: ArraySlice<ErrorJourneyEvent>) -> Bool {
        guard let made = earlier.last(where: { $0.to == name && $0.layer == .data }) else { return false }
        return DecodingFailure.isNamed(by: made.from) || made.origin == .backend
    }

    /// Drops what was recorded under loads that had already ended (a report's own request is sent in the trace of
    /// the load that made it, after that load), so the trail keeps only loads in progress and a few recent ones.
    private func forgetLateSteps(ending traceID: String) {
        let recent = endedTraces.withLock { ended in
            ended.append(traceID)
            if ended.count > Self.recentlyEnded { ended.removeFirst(ended.count - Self.recentlyEnded) }
            return ended
        }
        for ended in recent { _ = trail.removeEntries(in: JourneyFlowID(ended)) }
    }

    private func report(
        _ fingerprint: ErrorFingerprint, traceID: String?, requestID: String?, environment: AppEnvironment,
        breadcrumbs steps: [ErrorJourneyEvent]? = nil
    ) -> ErrorReport {
        let steps = steps ?? traceID.map { trail.events(in: JourneyFlowID($0)) } ?? []
        let breadcrumbs = steps.map { step in
            Breadcrumb(
                layer: step.layer, action: step.action, category: step.category,
                from: Redaction.text(step.from, known: secrets),
                to: step.to.map { Redaction.text($0, known: secrets) })
        }
        return ErrorReport(
            fingerprint: fingerprint, breadcrumbs: breadcrumbs, requestID: requestID, traceID: traceID,
            environment: environment.rawValue, appVersion: appVersion, locale: locale)
    }
}
