public import Foundation
public import Logging
import SharedError

/// Sends client reports to `POST /v1/client-reports` in the background.
///
/// `submit` only enqueues (a bounded queue; the oldest reports give way under a storm), so the user's flow never
/// waits for it and never fails because of it. Each (endpoint, key path, kind) is sent at most once per
/// ``Configuration/window``. Delivery failures are logged and dropped.
public final class ClientReportSender: ClientReporting {
    public struct Configuration: Sendable {
        /// The full URL of `POST /v1/client-reports`.
        public var endpointURL: URL
        public var appVersion: String
        /// How long a (endpoint, key path, kind) stays quiet after it was sent.
        public var window: Duration
        /// How many reports may wait in the queue.
        public var queueLimit: Int

        public init(endpointURL: URL, appVersion: String, window: Duration = .seconds(600), queueLimit: Int = 100) {
            self.endpointURL = endpointURL
            self.appVersion = appVersion
            self.window = window
            self.queueLimit = queueLimit
        }
    }

    private enum Item: Sendable {
        case report(ClientReport, flow: JourneyFlowID?)
        case flush(CheckedContinuation<Void, Never>)
    }

    private let configuration: Configuration
    private let queue: AsyncStream<Item>.Continuation
    private let delivery: Delivery
    private let logger: Logger

    public init(
        client: any HTTPClient, configuration: Configuration, clock: any HTTPClock = SystemHTTPClock(), logger: Logger
    ) {
        let (stream, queue) = AsyncStream.makeStream(
            of: Item.self, bufferingPolicy: .bufferingNewest(configuration.queueLimit))
        let delivery = Delivery(client: client, configuration: configuration, clock: clock, logger: logger)
        self.configuration = configuration
        self.queue = queue
        self.delivery = delivery
        self.logger = logger
        // Unstructured on purpose: delivery outlives the flows that submit reports.
        Task.detached {
            for await item in stream {
                switch item {
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

    public func submit(_ report: DecodingReport, endpoint: String) {
        guard !report.isClean else { return }
        for defect in report.defects {
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .networking, module: "Networking", action: .reported,
                    from: "\(defect.keyPath) \(defect.kind.rawValue)", to: "client report for \(endpoint)"),
                level: .notice
            )
        }
        let clientReport = ClientReport(
            endpoint: endpoint, failures: report.defects, appVersion: configuration.appVersion)
        queue.yield(.report(clientReport, flow: JourneyFlow.current))
    }

    /// Waits until every report submitted so far has been sent, rate-limited or given up on.
    public func flush() async {
        await withCheckedContinuation { continuation in
            if case .terminated = queue.yield(.flush(continuation)) { continuation.resume() }
        }
    }

    /// The reports that reached the backend, after rate limiting, in order.
    public func deliveredReports() async -> [ClientReport] {
        await delivery.delivered
    }
}

/// The sending side: rate limiting and the POST itself, one report at a time.
private actor Delivery {
    private struct Key: Hashable {
        var endpoint: String
        var keyPath: String
        var kind: DefectKind
    }

    private let client: any HTTPClient
    private let configuration: ClientReportSender.Configuration
    private let clock: any HTTPClock
    private let logger: Logger
    private var lastSent: [Key: HTTPInstant] = [:]
    private(set) var delivered: [ClientReport] = []

    init(client: any HTTPClient, configuration: ClientReportSender.Configuration, clock: any HTTPClock, logger: Logger)
    {
        self.client = client
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    func deliver(_ report: ClientReport) async {
        let now = clock.now
        var limited = report
        limited.failures = report.failures.filter { failure in
            let key = Key(endpoint: report.endpoint, keyPath: failure.keyPath, kind: failure.kind)
            if let sent = lastSent[key], now - sent < configuration.window { return false }
            lastSent[key] = now
            return true
        }
        guard !limited.failures.isEmpty else {
            logger.debug("client report for \(report.endpoint) skipped: every entry was sent within the window")
            return
        }
        do throws(HTTPClientError) {
            _ = try await client.send(request(for: limited))
            delivered.append(limited)
            logger.debug("client report for \(report.endpoint) sent (\(limited.failures.count) entries)")
        } catch {
            logger.warning("client report for \(report.endpoint) not delivered: \(error.journeyName)")
        }
    }

    private func request(for report: ClientReport) -> HTTPRequest {
        let body = (try? JSONEncoder().encode(report)) ?? Data()
        return HTTPRequest(
            method: .post,
            url: configuration.endpointURL,
            headers: [HeaderName.contentType: "application/json", HeaderName.idempotencyKey: UUID().uuidString],
            body: body
        )
    }
}
