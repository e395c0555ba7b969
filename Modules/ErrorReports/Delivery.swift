import Decoding
import Foundation
import Logging
import Networking
import SharedError
import W3CTraceContext

/// A report as it was submitted: the key it is always sent under, and the flow and trace it is sent inside.
struct Submitted: Sendable {
    var id: String
    var report: OutgoingReport
    /// Whether the user was shown the report's reference (the window never holds such a report back).
    var shown: Bool
    var journeyContext: JourneyContext
    var trace: TraceContext?
}

/// The reports submitted and not settled yet, oldest first.
final class Unsettled: Sendable {
    private let reports = LockedState<[Submitted]>([])

    func add(_ submitted: Submitted) {
        reports.withLock { $0.append(submitted) }
    }

    /// Replaces the report kept under `id` (after rate limiting took some of its entries out).
    func update(_ id: String, to report: OutgoingReport) {
        reports.withLock { all in
            if let index = all.firstIndex(where: { $0.id == id }) { all[index].report = report }
        }
    }

    func settle(_ id: String) {
        reports.withLock { $0.removeAll { $0.id == id } }
    }

    func takeAll() -> [Submitted] {
        reports.withLock { all in
            defer { all.removeAll() }
            return all
        }
    }
}

/// Opened once: by the delivery reaching it in the queue (`settled`), or by a budget running out.
final class FlushGate: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Bool, Never>?)
        case open(Bool)
    }

    private let state = LockedState<State>(.waiting(nil))

    func open(settled: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .open(settled)
            return waiter
        }
        waiter?.resume(returning: settled)
    }

    func wait() async -> Bool {
        await withCheckedContinuation { continuation in
            let opened = state.withLock { state -> Bool? in
                if case .open(let settled) = state { return settled }
                state = .waiting(continuation)
                return nil
            }
            if let opened { continuation.resume(returning: opened) }
        }
    }
}

/// The sending side: rate limiting, the POST itself, and the outbox, one report at a time.
actor Delivery {
    private enum Key: Hashable {
        case defect(endpoint: String, keyPath: String, kind: DefectKind)
        case fingerprint(String)
    }

    private let client: any HTTPClient
    private let configuration: ClientReportSender.Configuration
    private let outbox: ReportOutbox
    private let clock: any HTTPClock
    private let overflow: LockedState<UnsentReports>
    private let unsettled: Unsettled
    private let logger: Logger
    private let journey: JourneyRecorder
    private var lastSent: [Key: HTTPInstant] = [:]
    private var refusalsLogged: Set<String> = []
    /// The budget ran out: nothing more is sent, and what arrives is kept for a later run.
    private var stopped = false
    private(set) var delivered: [OutgoingReport] = []

    init(
        client: any HTTPClient, configuration: ClientReportSender.Configuration, outbox: ReportOutbox,
        clock: any HTTPClock, overflow: LockedState<UnsentReports>, unsettled: Unsettled, logger: Logger
    ) {
        self.client = client
        self.configuration = configuration
        self.outbox = outbox
        self.clock = clock
        self.overflow = overflow
        self.unsettled = unsettled
        self.logger = logger
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends nothing more from now on.
    func stop() {
        stopped = true
    }

    /// Sends what earlier runs could not, oldest first and paced; what fails again stays where it is, a report
    /// another run sent meanwhile is not sent again, and nothing is sent before the time the backend asked for.
    func resendOutbox() async {
        let snapshot = await outbox.snapshot
        guard !stopped, await !isHeldBack(snapshot) else { return }
        for (index, entry) in snapshot.entries.prefix(configuration.resendLimit).enumerated() {
            if index > 0 {
                do throws(CancellationError) {
                    try await clock.sleep(for: configuration.resendSpacing)
                } catch {
                    return
                }
            }
            guard !stopped, await outbox.contains(id: entry.id) else { continue }
            markSent(entry.outgoing)
            switch await send(entry.outgoing, id: entry.id) {
            case .delivered, .refused: await outbox.remove(id: entry.id)
            case .later: return
            }
        }
    }

    /// Sends a report submitted in this process, or keeps it in the outbox; it is settled once this returns.
    func deliver(_ submitted: Submitted) async {
        defer { unsettled.settle(submitted.id) }
        guard !configuration.reportsOff else {
            return await keepForLater(submitted, because: "reports are off (ERRORFLOW_ERROR_REPORTS)")
        }
        guard !stopped else {
            return await keepForLater(submitted, because: "the run's time for reports was spent")
        }
        guard let limited = rateLimited(submitted) else { return }
        unsettled.update(submitted.id, to: limited)
        markSent(limited)
        let id = submitted.id
        if await isHeldBack(await outbox.snapshot) {
            let waiting = await outbox.keep(limited, id: id)
            journey.record(
                .queued, from: "\(limited.name) for \(limited.subject)",
                to: "kept in the outbox until the backend's Retry-After (\(waiting) waiting)", origin: .networking,
                level: .notice)
            return
        }
        let outcome = await send(limited, id: id)
        // Past the budget the report was handed to the outbox already; a later run sends it under the same key.
        guard !stopped, case .later(let error) = outcome else { return }
        let waiting = await outbox.keep(limited, id: id)
        journey.record(
            .queued, from: error.journeyName,
            to: "\(limited.name) for \(limited.subject) kept in the outbox (\(waiting) waiting)",
            category: error.category, origin: .networking, level: .warning)
    }

    /// Keeps a submitted report in the outbox unsent, under its key, and says so in the journey of its flow.
    func keepForLater(_ submitted: Submitted, because reason: String) async {
        let waiting = await outbox.keep(submitted.report, id: submitted.id)
        submitted.journeyContext.run {
            journey.record(
                .queued, from: "\(submitted.report.name) for \(submitted.report.subject)",
                to: "kept in the outbox: \(reason) (\(waiting) waiting)", origin: .networking, level: .notice)
        }
    }

    /// The report without what was sent within the window; `nil` when nothing is left to send. An error report
    /// whose reference the user was shown is never held back: support must find what the user quotes.
    private func rateLimited(_ submitted: Submitted) -> OutgoingReport? {
        let report = submitted.report
        switch report {
        case .client(let clientReport):
            var limited = clientReport
            limited.failures = clientReport.failures.filter { !isWithinWindow(Self.key(clientReport, $0)) }
            guard !limited.failures.isEmpty else {
                logger.debug(
                    "client report for \(clientReport.endpoint) skipped: every entry was sent within the window")
                return nil
            }
            return .client(limited)
        case .error(let errorReport):
            guard submitted.shown || !isWithinWindow(.fingerprint(errorReport.fingerprint.value)) else {
                overflow.withLock { $0 = $0 + UnsentReports(rateLimited: 1) }
                logger.debug("error report \(errorReport.fingerprint.value) skipped: sent within the window")
                return nil
            }
            return report
        }
    }

    private func isWithinWindow(_ key: Key) -> Bool {
        guard let sent = lastSent[key] else { return false }
        return clock.now - sent < configuration.window
    }

    /// Whether the backend asked for no reports until a time that has not come yet. A time further away than
    /// ``ClientReportSender/Configuration/maximumRetryAfter`` (a file may say anything) is brought back to it, in
    /// the outbox too.
    private func isHeldBack(_ snapshot: ReportOutbox.Snapshot) async -> Bool {
        guard let notBefore = snapshot.notBefore else { return false }
        let now = clock.wallClockNow
        let latest = now.addingTimeInterval(configuration.maximumRetryAfter.inSeconds)
        if notBefore > latest { await outbox.capNotBefore(atMost: latest) }
        return now < min(notBefore, latest)
    }

    private enum Sent {
        case delivered
        /// Not now: the backend could not be reached, or was overloaded or failing; the outbox keeps it.
        case later(HTTPClientError)
        /// The backend will not take it: sending it again would not help.
        case refused
    }

    private func send(_ report: OutgoingReport, id: String) async -> Sent {
        var report = report
        var told = UnsentReports()
        if case .error(var errorReport) = report {
            let counted = overflow.withLock { counts in
                defer { counts = UnsentReports() }
                return counts
            }
            await outbox.countUnsent(counted)
            told = await outbox.snapshot.unsent
            errorReport.unsent = told.isEmpty ? nil : told
            report = .error(errorReport)
        }
        let request = request(for: report, id: id)
        let sentAt = clock.wallClockNow
        let client = client
        // An error report's own request is no step of the journey it reports: its answer is recorded in no flow.
        let context = report.errorReport == nil ? JourneyContext.current : .none
        let result = await context.run { () async -> Result<HTTPResponse, HTTPClientError> in
            do throws(HTTPClientError) {
                return .success(try await client.send(request))
            } catch {
                return .failure(error)
            }
        }
        do throws(HTTPClientError) {
            _ = try result.get()
            delivered.append(report)
            await outbox.settleUnsent(told)
            if await outbox.snapshot.notBefore != nil { await outbox.clearNotBefore(ifNotAfter: sentAt) }
            logger.debug("\(report.name) for \(report.subject) sent")
            return .delivered
        } catch {
            guard Self.isWorthAnotherTry(error.kind) else {
                await refused(report, because: error)
                return .refused
            }
            if let retryAfter = error.context.retryAfter, [.tooManyRequests, .server(status: 503)].contains(error.kind)
            {
                let serverNow = error.context.serverDate ?? clock.wallClockNow
                let wait = min(retryAfter.delay(from: serverNow), configuration.maximumRetryAfter)
                await outbox.setNotBefore(clock.wallClockNow.addingTimeInterval(wait.inSeconds))
            }
            return .later(error)
        }
    }

    /// Drops a report the backend will not take: counted, and logged once per kind of report and answer (an error
    /// report at `notice`: a backend that does not know them is no problem of the user's).
    private func refused(_ report: OutgoingReport, because error: HTTPClientError) async {
        await outbox.countUnsent(UnsentReports(refused: 1))
        let line = "\(report.name) for \(report.subject) refused by the backend: \(error.journeyName); dropped"
        guard refusalsLogged.insert("\(report.name) \(error.kind.name)").inserted else {
            logger.debug("\(line)")
            return
        }
        logger.log(level: report.errorReport == nil ? .warning : .notice, "\(line)")
    }

    private func markSent(_ report: OutgoingReport) {
        let now = clock.now
        switch report {
        case .client(let clientReport):
            for failure in clientReport.failures { lastSent[Self.key(clientReport, failure)] = now }
        case .error(let errorReport):
            lastSent[.fingerprint(errorReport.fingerprint.value)] = now
        }
    }

    private static func key(_ report: ClientReport, _ failure: DecodingDefect) -> Key {
        .defect(endpoint: report.endpoint, keyPath: failure.keyPath, kind: failure.kind)
    }

    /// Transport failures, 5xx and 429: the backend may take it later.
    private static func isWorthAnotherTry(_ kind: HTTPClientError.Kind) -> Bool {
        switch kind {
        case .offline, .timedOut, .cancelled, .connectionLost, .invalidResponse, .tooManyRequests, .requestTimeout,
            .server:
            true
        default:
            false
        }
    }

    private func request(for report: OutgoingReport, id: String) -> HTTPRequest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let (url, body): (URL, Data) =
            switch report {
            case .client(let clientReport):
                (configuration.endpointURL, (try? encoder.encode(clientReport)) ?? Data())
            case .error(let errorReport):
                (configuration.errorReportsURL, (try? encoder.encode(errorReport)) ?? Data())
            }
        return HTTPRequest(
            method: .post,
            url: url,
            headers: [HeaderName.contentType: "application/json", HeaderName.idempotencyKey: id],
            body: body
        )
    }
}

extension OutgoingReport {
    /// `client report` or `error report`, for log lines and the journey.
    var name: String {
        switch self {
        case .client: "client report"
        case .error: "error report"
        }
    }

    /// The error report, if this is one.
    var errorReport: ErrorReport? {
        if case .error(let report) = self { report } else { nil }
    }

    /// What the report is about: the endpoint of a client report, the fingerprint of an error report.
    var subject: String {
        switch self {
        case .client(let report): report.endpoint
        case .error(let report): report.fingerprint.value
        }
    }
}
