public import Foundation
public import Logging
import SharedError

/// Sends client reports to `POST /v1/client-reports` in the background, and never loses one.
///
/// - `submit` only enqueues (a bounded queue; the oldest reports give way under a storm), so the user's flow never
///   waits for it and never fails because of it.
/// - Each (endpoint, key path, kind) is sent at most once per ``Configuration/window``.
/// - A report that cannot be delivered now (the backend is unreachable, or answers 5xx or 429) goes to the
///   ``ReportOutbox`` and the journey says `queued`; reports waiting there from an earlier run are sent first.
///   A report the backend refuses outright (another 4xx) is logged and dropped: sending it again would not help.
/// - Each report is sent with its own `Idempotency-Key`, the same for every resend, so the backend can count a
///   report that arrived twice once.
///
/// Give it a client WITHOUT the retry decorator: the outbox is its retry, on the next run rather than now.
public final class ClientReportSender: ClientReporting {
    /// Where reports go and how often they may be sent.
    public struct Configuration: Sendable {
        /// The full URL of `POST /v1/client-reports`.
        public var endpointURL: URL
        /// The app's version, written into every report.
        public var appVersion: String
        /// How long a (endpoint, key path, kind) stays quiet after it was sent.
        public var window: Duration
        /// How many reports may wait in the queue.
        public var queueLimit: Int

        /// Makes a configuration: the same defect is sent at most once per 10 minutes, and up to 100 reports may queue.
        public init(endpointURL: URL, appVersion: String, window: Duration = .seconds(600), queueLimit: Int = 100) {
            self.endpointURL = endpointURL
            self.appVersion = appVersion
            self.window = window
            self.queueLimit = queueLimit
        }
    }

    private enum Item: Sendable {
        case resendOutbox
        case report(ClientReport, flow: JourneyFlowID?)
        case flush(CheckedContinuation<Void, Never>)
    }

    private let configuration: Configuration
    private let queue: AsyncStream<Item>.Continuation
    private let delivery: Delivery
    private let outbox: ReportOutbox
    private let journey: JourneyRecorder

    /// - Parameter outbox: where undeliverable reports wait; by default in memory, for this process only.
    public init(
        client: any HTTPClient, configuration: Configuration, outbox: ReportOutbox? = nil,
        clock: any HTTPClock = SystemHTTPClock(), logger: Logger
    ) {
        let outbox =
            outbox
            ?? ReportOutbox(file: nil, origin: BackendOrigin(configuration.endpointURL), logger: logger)
        let (stream, queue) = AsyncStream.makeStream(
            of: Item.self, bufferingPolicy: .bufferingNewest(configuration.queueLimit))
        let delivery = Delivery(
            client: client, configuration: configuration, outbox: outbox, clock: clock, logger: logger)
        self.configuration = configuration
        self.queue = queue
        self.delivery = delivery
        self.outbox = outbox
        self.journey = JourneyRecorder(.networking, logger: logger)
        queue.yield(.resendOutbox)
        // Unstructured on purpose: delivery outlives the flows that submit reports.
        Task.detached {
            for await item in stream {
                switch item {
                case .resendOutbox:
                    await delivery.resendOutbox()
                case .report(let report, let flow):
                    await JourneyFlow.$current.withValue(flow) { await delivery.deliver(report) }
                case .flush(let continuation):
                    continuation.resume()
                }
            }
        }
    }

    deinit {
        queue.finish()
    }

    /// Enqueues the defects of one decode for `endpoint` and returns at once; a clean report is ignored.
    public func submit(_ report: DecodingReport, endpoint: String) {
        guard !report.isClean else { return }
        for defect in report.defects {
            journey.record(
                .reported, from: "\(defect.keyPath) \(defect.kind.rawValue)", to: "client report for \(endpoint)",
                origin: .data, level: .notice)
        }
        let clientReport = ClientReport(
            endpoint: endpoint, failures: report.defects, appVersion: configuration.appVersion)
        queue.yield(.report(clientReport, flow: JourneyFlow.current))
    }

    /// Waits until every report submitted so far has been sent, queued in the outbox, rate-limited or dropped.
    public func flush() async {
        await withCheckedContinuation { continuation in
            if case .terminated = queue.yield(.flush(continuation)) { continuation.resume() }
        }
    }

    /// The reports that reached the backend in this process (earlier runs' included), after rate limiting, in
    /// order.
    public func deliveredReports() async -> [ClientReport] {
        await delivery.delivered
    }

    /// The reports waiting in the outbox for a later run, and how many the outbox dropped for its bound.
    public func pendingReports() async -> ReportOutbox.Snapshot {
        await outbox.snapshot
    }
}

/// The sending side: rate limiting, the POST itself, and the outbox, one report at a time.
private actor Delivery {
    private struct Key: Hashable {
        var endpoint: String
        var keyPath: String
        var kind: DefectKind
    }

    private let client: any HTTPClient
    private let configuration: ClientReportSender.Configuration
    private let outbox: ReportOutbox
    private let clock: any HTTPClock
    private let logger: Logger
    private let journey: JourneyRecorder
    private var lastSent: [Key: HTTPInstant] = [:]
    private(set) var delivered: [ClientReport] = []

    init(
        client: any HTTPClient, configuration: ClientReportSender.Configuration, outbox: ReportOutbox,
        clock: any HTTPClock, logger: Logger
    ) {
        self.client = client
        self.configuration = configuration
        self.outbox = outbox
        self.clock = clock
        self.logger = logger
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends what earlier runs could not, oldest first; what fails again stays where it is.
    func resendOutbox() async {
        for entry in await outbox.snapshot.entries {
            markSent(entry.report)
            switch await send(entry.report, id: entry.id) {
            case .delivered, .refused: await outbox.remove(id: entry.id)
            case .later: return
            }
        }
    }

    func deliver(_ report: ClientReport) async {
        var limited = report
        limited.failures = report.failures.filter { failure in
            let key = Key(endpoint: report.endpoint, keyPath: failure.keyPath, kind: failure.kind)
            if let sent = lastSent[key], clock.now - sent < configuration.window { return false }
            return true
        }
        guard !limited.failures.isEmpty else {
            logger.debug("client report for \(report.endpoint) skipped: every entry was sent within the window")
            return
        }
        markSent(limited)
        let id = UUID().uuidString
        if case .later(let error) = await send(limited, id: id) {
            let waiting = await outbox.keep(limited, id: id)
            journey.record(
                .queued, from: error.journeyName,
                to: "client report for \(report.endpoint) kept in the outbox (\(waiting) waiting)",
                category: error.category, origin: .networking, level: .warning)
        }
    }

    private enum Sent {
        case delivered
        /// Not now: the backend could not be reached, or was overloaded or failing; the outbox keeps it.
        case later(HTTPClientError)
        /// The backend will not take it: sending it again would not help.
        case refused
    }

    private func send(_ report: ClientReport, id: String) async -> Sent {
        do throws(HTTPClientError) {
            _ = try await client.send(request(for: report, id: id))
            delivered.append(report)
            logger.debug("client report for \(report.endpoint) sent (\(report.failures.count) entries)")
            return .delivered
        } catch {
            guard Self.isWorthAnotherTry(error.kind) else {
                logger.warning("client report for \(report.endpoint) refused by the backend: \(error.journeyName)")
                return .refused
            }
            return .later(error)
        }
    }

    private func markSent(_ report: ClientReport) {
        let now = clock.now
        for failure in report.failures {
            lastSent[Key(endpoint: report.endpoint, keyPath: failure.keyPath, kind: failure.kind)] = now
        }
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

    private func request(for report: ClientReport, id: String) -> HTTPRequest {
        let body = (try? JSONEncoder().encode(report)) ?? Data()
        return HTTPRequest(
            method: .post,
            url: configuration.endpointURL,
            headers: [HeaderName.contentType: "application/json", HeaderName.idempotencyKey: id],
            body: body
        )
    }
}
