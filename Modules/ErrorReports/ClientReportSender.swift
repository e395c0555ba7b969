public import Decoding
public import Foundation
public import Logging
public import Networking
import SharedError
import W3CTraceContext

/// Sends client reports to `POST /v1/client-reports` and error reports to `POST /v1/error-reports` in the
/// background, and never loses one to a bad moment.
///
/// - `submit` only enqueues (a bounded queue; the oldest reports give way under a storm, and are counted as not sent
///   for a full queue), so the user's flow never waits for it and never fails because of it.
/// - Each (endpoint, key path, kind) of a client report, and each fingerprint of an error report nobody was shown,
///   is sent at most once per ``Configuration/window``; an error report held back by the window is counted as not
///   sent for the rate limit. An error report whose reference the user was shown is always sent, so that support
///   finds what the user quotes.
/// - A report that cannot be delivered now (the backend is unreachable, or answers 5xx or 429) goes to the
///   ``ReportOutbox`` and the journey says `queued`; reports waiting there from an earlier run are sent first, at
///   most ``Configuration/resendLimit`` per run and ``Configuration/resendSpacing`` apart. A 429 or 503 with
///   `Retry-After` sets a time before which no report goes to that backend, kept in the outbox for later runs, and
///   never more than ``Configuration/maximumRetryAfter`` away (a time read from the outbox file too).
/// - The run waits for its reports only as long as its ``DeliveryBudget`` allows
///   (``deliver(within:)``): whatever is still on its way then is kept in the outbox under the key it was sent
///   with, for a later run, and the sender sends nothing more.
/// - A client report lists the first ``ClientReport/failureLimit`` defects and counts the rest; an error report
///   the first ``ErrorReport/breadcrumbLimit`` breadcrumbs; every text is cut to ``ReportText/maximumLength``.
/// - A report the backend refuses outright (another 4xx: a backend that does not know error reports answers 404)
///   is dropped, counted as refused, and logged once per kind.
/// - The counts of reports not sent go with the next error report that is delivered.
/// - Each report is sent with its own `Idempotency-Key`, the same for every resend, so the backend can count a
///   report that arrived twice once; and inside the trace of the screen load that made it, carried into the
///   sender's own task.
///
/// Give it a client WITHOUT the retry decorator: the outbox is its retry, on the next run rather than now.
public final class ClientReportSender: ClientReporting {
    /// Where reports go and how often they may be sent.
    public struct Configuration: Sendable {
        /// The full URL of `POST /v1/client-reports`.
        public var endpointURL: URL
        /// The full URL of `POST /v1/error-reports`.
        public var errorReportsURL: URL
        /// The app's version, written into every report.
        public var appVersion: String
        /// How long a (endpoint, key path, kind), or an error report's fingerprint, stays quiet after it was sent.
        public var window: Duration
        /// How many reports may wait in the queue.
        public var queueLimit: Int
        /// How many reports waiting in the outbox one run sends at most.
        public var resendLimit: Int
        /// The pause between two resends from the outbox.
        public var resendSpacing: Duration
        /// The longest a report endpoint's `Retry-After` holds reports back; a longer one is cut to it.
        public var maximumRetryAfter: Duration
        /// Reports are off (`ERRORFLOW_ERROR_REPORTS=off`): nothing is sent, neither what this run submits nor what
        /// waits in the outbox; what is submitted is kept there, for the first run with reports on.
        public var reportsOff = false

        /// Makes a configuration: the same defect or fingerprint is sent at most once per 10 minutes, up to 100
        /// reports may queue, a run resends at most 10 waiting reports, 50 ms apart, and a `Retry-After` holds
        /// reports back for an hour at most. Error reports go beside client reports, to `/v1/error-reports`,
        /// unless `errorReportsURL` says otherwise.
        public init(
            endpointURL: URL, errorReportsURL: URL? = nil, appVersion: String, window: Duration = .seconds(600),
            queueLimit: Int = 100, resendLimit: Int = 10, resendSpacing: Duration = .milliseconds(50),
            maximumRetryAfter: Duration = Configuration.defaultMaximumRetryAfter
        ) {
            self.endpointURL = endpointURL
            self.errorReportsURL =
                errorReportsURL
                ?? endpointURL.deletingLastPathComponent().appendingPathComponent(Self.errorReportsPath)
            self.appVersion = appVersion
            self.window = window
            self.queueLimit = queueLimit
            self.resendLimit = max(resendLimit, 0)
            self.resendSpacing = resendSpacing
            self.maximumRetryAfter = max(maximumRetryAfter, .zero)
        }

        /// The path of the error-report endpoint.
        public static let errorReportsPath = "error-reports"
        /// The default cap on a report endpoint's `Retry-After`: one hour.
        public static let defaultMaximumRetryAfter = Duration.seconds(3600)
    }

    private enum Item: Sendable {
        case resendOutbox
        case report(Submitted)
        case flush(FlushGate)
    }

    private let configuration: Configuration
    private let queue: AsyncStream<Item>.Continuation
    private let delivery: Delivery
    private let outbox: ReportOutbox
    private let journey: JourneyRecorder
    private let overflow: LockedState<UnsentReports>
    private let clock: any HTTPClock
    /// The reports submitted in this process and not settled yet (sent, kept, rate-limited or refused), oldest
    /// first: what a spent budget hands to the outbox. Never a report that came from the outbox.
    private let unsettled: Unsettled

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
        let overflow = LockedState(UnsentReports())
        let unsettled = Unsettled()
        let delivery = Delivery(
            client: client, configuration: configuration, outbox: outbox, clock: clock, overflow: overflow,
            unsettled: unsettled, logger: logger)
        self.configuration = configuration
        self.queue = queue
        self.delivery = delivery
        self.outbox = outbox
        self.overflow = overflow
        self.clock = clock
        self.unsettled = unsettled
        self.journey = JourneyRecorder(.networking, logger: logger)
        if !configuration.reportsOff { queue.yield(.resendOutbox) }
        // Unstructured on purpose: delivery outlives the flows that submit reports. Task-local values do not follow
        // it here, so each report carries its flow (with the flow's journey sinks) and its trace, and is delivered
        // inside both.
        Task.detached {
            for await item in stream {
                switch item {
                case .resendOutbox:
                    await delivery.resendOutbox()
                case .report(let submitted):
                    await submitted.journeyContext.run {
                        await ScreenTrace.with(submitted.trace) { await delivery.deliver(submitted) }
                    }
                case .flush(let gate):
                    gate.open(settled: true)
                }
            }
        }
    }

    deinit {
        queue.finish()
    }

    /// Enqueues the defects of one decode for `endpoint` and returns at once; a clean report is ignored. The
    /// journey names each listed defect, and the count of those the report only counts.
    public func submit(_ report: DecodingReport, endpoint: String) {
        guard !report.isClean else { return }
        let clientReport = ClientReport(
            endpoint: endpoint, failures: report.defects, appVersion: configuration.appVersion,
            omittedFailures: report.omitted)
        for defect in clientReport.failures {
            journey.record(
                .reported, from: "\(defect.keyPath) \(defect.kind.rawValue)", to: "client report for \(endpoint)",
                origin: .data, level: .notice)
        }
        if let omitted = clientReport.omittedFailures {
            journey.record(
                .reported, from: "\(omitted) more defects", to: "client report for \(endpoint), counted, not listed",
                origin: .data, level: .notice)
        }
        enqueue(.client(clientReport))
    }

    /// Enqueues an error report (within its bounds) and returns at once; it is sent inside the current trace.
    public func submit(_ report: ErrorReport, shownToTheUser: Bool = false) {
        enqueue(.error(report.bounded), shown: shownToTheUser)
    }

    private func enqueue(_ report: OutgoingReport, shown: Bool = false) {
        let submitted = Submitted(
            id: UUID().uuidString, report: report, shown: shown, journeyContext: .current,
            trace: ScreenTrace.current)
        unsettled.add(submitted)
        yield(.report(submitted))
    }

    /// Queues `item`; the oldest item gives way when the queue is full: a report is counted as not sent for a full
    /// queue, a wait is let go unsettled.
    private func yield(_ item: Item) {
        switch queue.yield(item) {
        case .dropped(.report(let gone)):
            unsettled.settle(gone.id)
            overflow.withLock { $0 = $0 + UnsentReports(queueFull: 1) }
        case .dropped(.flush(let gate)):
            gate.open(settled: false)
        case .terminated:
            if case .flush(let gate) = item { gate.open(settled: true) }
        default:
            break
        }
    }

    /// Waits until every report submitted so far has been sent, queued in the outbox, rate-limited or dropped.
    public func flush() async {
        let gate = FlushGate()
        yield(.flush(gate))
        _ = await gate.wait()
    }

    /// Waits until every report submitted so far has been sent, queued, rate-limited or dropped, as ``flush()``
    /// does, but no longer than what is left of `budget`, and spends on it the time it waited (on this sender's
    /// clock). When the budget runs out first, every report submitted and not settled (the one on its way too) is
    /// kept in the outbox under the key it was being sent with, and the sender sends nothing more: a later run
    /// sends them. Reports that came from the outbox stay where they are (or gone, when another run delivered
    /// them). Returns whether everything was settled in time.
    @discardableResult
    public func deliver(within budget: DeliveryBudget) async -> Bool {
        let started = clock.now
        let gate = FlushGate()
        yield(.flush(gate))
        let clock = clock
        let remaining = budget.remaining
        let timer = Task.detached {
            do throws(CancellationError) {
                try await clock.sleep(for: remaining)
                gate.open(settled: false)
            } catch {
                return
            }
        }
        let settled = await gate.wait()
        timer.cancel()
        budget.spend(clock.now - started)
        if !settled { await keepForLater() }
        return settled
    }

    /// Stops sending and keeps every report not settled in the outbox, oldest first.
    private func keepForLater() async {
        await delivery.stop()
        for submitted in unsettled.takeAll() {
            await delivery.keepForLater(submitted, because: "the run's time for reports was spent")
        }
    }

    /// The client reports that reached the backend in this process (earlier runs' included), after rate limiting,
    /// in order.
    public func deliveredReports() async -> [ClientReport] {
        await delivery.delivered.compactMap { if case .client(let report) = $0 { report } else { nil } }
    }

    /// The error reports that reached the backend in this process (earlier runs' included), in order.
    public func deliveredErrorReports() async -> [ErrorReport] {
        await delivery.delivered.compactMap { if case .error(let report) = $0 { report } else { nil } }
    }

    /// The reports waiting in the outbox for a later run, and how many the outbox dropped for its bound.
    public func pendingReports() async -> ReportOutbox.Snapshot {
        await outbox.snapshot
    }
}

/// The time one run may wait for its reports to go out, in all, however many senders and waits share it.
public final class DeliveryBudget: Sendable {
    /// The whole budget.
    public let total: Duration
    private let spent = LockedState(Duration.zero)

    /// Makes a budget of `total` (at least zero), none of it spent.
    public init(_ total: Duration) {
        self.total = max(total, .zero)
    }

    /// What is left of it; never below zero.
    public var remaining: Duration {
        spent.withLock { max(total - $0, .zero) }
    }

    /// Takes `duration` off what is left.
    public func spend(_ duration: Duration) {
        spent.withLock { $0 += max(duration, .zero) }
    }
}
