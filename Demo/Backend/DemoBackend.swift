public import Foundation
import HTTPTypes
public import Logging
public import LoopbackHosting

/// The embedded demo backend: every endpoint of the backend contract, playing one scenario, on 127.0.0.1.
///
/// `errorflow` starts one per run (port 0), and `errorflow serve` one that stays up. Only App and tests use it.
public final class DemoBackend: Sendable {
    /// The scenario this backend plays for every request.
    public let scenario: DemoScenario
    private let host: LoopbackHost
    private let record: ServerRecord
    private let faults: FaultInjector?
    private let ledger: TransferLedger
    /// The error reports this backend received, grouped by fingerprint (shared with other backends if given so).
    public let errorReports: ErrorReportBook

    /// The port the backend listens on, on 127.0.0.1.
    public var port: Int { host.port }
    /// `http://127.0.0.1:<port>`, the base URL a client talks to.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    private init(
        scenario: DemoScenario, host: LoopbackHost, record: ServerRecord, faults: FaultInjector?,
        ledger: TransferLedger,
        errorReports: ErrorReportBook
    ) {
        self.errorReports = errorReports
        self.scenario = scenario
        self.host = host
        self.record = record
        self.faults = faults
        self.ledger = ledger
    }

    /// Starts the backend for `scenario`, accepting `seed` (if any) as a signed-in session from the start,
    /// describing the user as `user`, and injecting `faults` into authenticated calls if given. Error reports go to
    /// `errorReports`, a book of its own unless one is shared.
    ///
    /// Without a seed nobody is signed in until `POST /v1/auth/apple`: that is how `errorflow serve` starts, so
    /// a client signs in against it as against any backend.
    public static func start(
        scenario: DemoScenario, seed: SeedSession? = nil, user: DemoUser = .ada, faults: FaultPlan? = nil,
        port: Int = 0, errorReports: ErrorReportBook = ErrorReportBook(), logger: Logger
    ) async throws(LoopbackHostError) -> DemoBackend {
        let tokens = TokenStore(scenario: scenario)
        if let seed { await tokens.seed(seed) }
        let record = ServerRecord()
        let stopSignal = StopSignal()
        let injector = faults.map(FaultInjector.init(plan:))
        let ledger = TransferLedger()
        let responder = DemoResponder(
            scenario: scenario, user: user, tokens: tokens, faults: injector, record: record, stopSignal: stopSignal,
            ledger: ledger, errorReports: errorReports, logger: logger)
        let host = try await LoopbackHost.start(
            responder: responder, port: port, stopSignal: stopSignal, logger: logger)
        return DemoBackend(
            scenario: scenario, host: host, record: record, faults: injector, ledger: ledger, errorReports: errorReports
        )
    }

    /// Every path of the contract this backend serves (`{id}` for a path segment) and the methods it answers
    /// there, so that a test can hold `docs/openapi.yaml` to it.
    public static var routes: [(path: String, methods: [String])] {
        DemoResponder.routes.map { ($0.path, $0.methods.map(\.rawValue)) }
    }

    /// The client reports received so far.
    public var receivedReports: [ReceivedReport] {
        get async { await record.reports }
    }

    /// How many transfers the backend made: its own count, whatever a client believes.
    public var transferCount: Int {
        get async { await ledger.count }
    }

    /// How many requests the backend has answered so far, on every path.
    public var requestCount: Int {
        get async { await record.total }
    }

    /// The faults injected so far, by kind.
    public var injectedFaults: [InjectedFault: Int] {
        get async { await faults?.counts ?? [:] }
    }

    /// Cuts deliberate delays short, finishes the responses in flight, and stops.
    public func stop() async {
        await host.stop()
    }
}
