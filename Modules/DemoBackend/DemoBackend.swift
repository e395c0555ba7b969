public import Foundation
public import Logging

/// The embedded demo backend: every endpoint of the backend contract, playing one scenario, on 127.0.0.1.
///
/// `errorflow` starts one per run (port 0), and `errorflow serve` one that stays up. Only App and tests use it.
public final class DemoBackend: Sendable {
    public let scenario: DemoScenario
    private let host: LoopbackHost
    private let record: ServerRecord
    private let faults: FaultInjector?

    public var port: Int { host.port }
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    private init(scenario: DemoScenario, host: LoopbackHost, record: ServerRecord, faults: FaultInjector?) {
        self.scenario = scenario
        self.host = host
        self.record = record
        self.faults = faults
    }

    /// Starts the backend for `scenario`, accepting `seed` as a signed-in session from the start, describing the
    /// user as `user`, and injecting `faults` into authenticated calls if given.
    public static func start(
        scenario: DemoScenario, seed: SeedSession = .demo, user: DemoUser = .ada, faults: FaultPlan? = nil,
        port: Int = 0, logger: Logger
    ) async throws(LoopbackHostError) -> DemoBackend {
        let tokens = TokenStore()
        await tokens.seed(
            seed,
            accessExpired: scenario == .tokenExpired || scenario == .sessionRevoked,
            refreshRevoked: scenario == .sessionRevoked)
        let record = ServerRecord()
        let stopSignal = StopSignal()
        let injector = faults.map(FaultInjector.init(plan:))
        let responder = DemoResponder(
            scenario: scenario, user: user, tokens: tokens, faults: injector, record: record, stopSignal: stopSignal,
            logger: logger)
        let host = try await LoopbackHost.start(
            responder: responder, port: port, stopSignal: stopSignal, logger: logger)
        return DemoBackend(scenario: scenario, host: host, record: record, faults: injector)
    }

    /// The client reports received so far.
    public var receivedReports: [ReceivedReport] {
        get async { await record.reports }
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
