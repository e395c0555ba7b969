import App
import AuthFeature
import Composition
import Decoding
import DemoBackend
import Domain
import Foundation
import Logging
import LoopbackHosting
import Navigation
import Networking
import PaymentsFeature
import SharedError

/// Drives many concurrent clients through the real stack (repositories, chain, the process's transport) against the
/// demo backend with injected faults, and classifies every failure by its typed error; or, with ``Settings/bare``,
/// the same calls through bare AsyncHTTPClient, for what the stack costs.
///
/// With AsyncHTTPClient each client task prefers one of the transport's event loops
/// (``ProcessTransport/callerExecutors``), so a call runs where its socket is served, with no hop per call.
///
/// The run stops at the first of: every call done, the time limit, an interrupt. At the time limit or an
/// interrupt the calls still in flight are cancelled (cancellation is ignorable, so they are counted as cut off,
/// not as failures), and the temporary session is removed either way.
@MainActor
struct LoadRun {
    struct Settings {
        var clients: Int
        var requests: Int
        /// The faults the embedded backend injects; none against a backend of the user's.
        var faults: FaultPlan
        var timeLimit: Duration
        /// Where the calls go: the embedded demo backend (started for the run), or a backend the user runs.
        var target: Target = .embedded
        /// The same calls with the session's bearer token through bare AsyncHTTPClient (by this API), each body
        /// decoded by the repositories' parsers, with no chain, repository or journey: the floor the stack is
        /// measured against. `nil`: the stack.
        var bare: ProcessTransport.BareAPI?
    }

    /// The backend a load run drives.
    enum Target {
        /// The demo backend, in this process, with the run's faults and a seeded session it removes at the end.
        case embedded
        /// A backend at `url` (`errorflow serve`, or the team's own), signed in with the session at `sessionFile`,
        /// which the run only reads (and refreshes, if the backend says so).
        case backend(url: URL, sessionFile: URL)
    }

    /// Why the run stopped.
    enum Stop: Equatable {
        case finished
        case timeLimit
        /// By this signal (SIGINT, SIGTERM).
        case interrupted(signal: Int32)

        var name: String {
            switch self {
            case .finished: "finished"
            case .timeLimit: "time limit"
            case .interrupted: "interrupted"
            }
        }
    }

    /// How far the run has come, for the progress line.
    struct Progress: Sendable {
        var done: Int
        var failed: Int
        var elapsed: Duration
    }

    struct Result {
        var settings: Settings
        var stoppedBy: Stop
        var elapsed: Duration
        var latencies: [Duration]
        var succeeded: Int
        /// Failures by the repository error's journey name; every failure is a typed error.
        var failures: [String: Int]
        /// Calls in flight when the run stopped early, cancelled.
        var cutOff: Int
        /// Calls never started, because the run stopped early.
        var notSent: Int
        var injected: [InjectedFault: Int]
        /// Requests the client sent: every attempt, replay and refresh.
        var attempts: Int
        /// Requests the embedded backend answered; `nil` for a backend of the user's.
        var backendRequests: Int?
        /// What the backend's retry budget held when the run ended.
        var retryBudgetLeft: Int
        var retryBudgetCapacity: Int
        /// Retries the budget could not pay for, so not made.
        var retriesRefused: Int
        var steps: [JourneyAction: Int]
        var refreshes: Int
        /// CPU time the whole process spent (user and system), for the client's cost per call.
        var cpuTime: Duration

        var failed: Int { failures.values.reduce(0, +) }

        /// Failures whose typed error does not name itself as a case of the repositories' error types: typed
        /// throws make every failure one of them, and this holds their names to it. A bare run has no repositories:
        /// its failures are named by the bare client (``LoadRun/BareCall``).
        var unclassified: Int {
            guard settings.bare == nil else { return 0 }
            return failures.filter { name, _ in
                !["WalletRepositoryError.", "PaymentCardsRepositoryError."].contains { name.hasPrefix($0) }
            }.values.reduce(0, +)
        }
    }

    let settings: Settings
    /// How often `progress` is told.
    var progressInterval: Duration = .seconds(1)

    /// Runs the clients; `progress` hears how far they are every ``progressInterval``, and `interrupt` returns
    /// the signal that asks the run to stop (it is cancelled when the run ends first).
    func run(
        progress: @escaping @Sendable (Progress) -> Void,
        interrupt: @escaping @Sendable () async -> Int32?
    ) async throws(LoopbackHostError) -> Result {
        let collector = JourneyCollector()
        let logger = Logger(label: "load") { _ in SwiftLogNoOpLogHandler() }
        let target = try await LoadTarget.prepare(settings, logger: logger)
        defer { target.removeTemporaryFolder() }
        let sent = SentRequests()
        let store = FileSessionStore(path: target.sessionFile, logger: logger)
        var configuration = AppConfiguration(
            baseURL: target.url, sessionStore: store,
            environment: .prod, applePay: PassKitApplePayService(device: .ready, logger: logger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(.approve), logger: logger), appVersion: "load",
            secrets: SecretValues(), logger: logger,
            transport: CallNumberingHTTPClient(base: ProcessTransport.shared, sent: sent))
        configuration.chain.refreshBudget = .init(maximumRefreshes: 10_000, window: .seconds(60))
        let app = ComposedApp(configuration)
        let calls: Calls
        if let api = settings.bare, let bare = ProcessTransport.bare(api) {
            calls = .bare(
                BareCall(
                    client: CallNumberingHTTPClient(base: bare, sent: sent), baseURL: target.url,
                    token: store.load()?.accessToken ?? ""))
        } else {
            calls = .stack(wallets: app.wallets, cards: app.cards)
        }
        // `ERRORFLOW_LOAD_EXECUTOR=global` keeps the clients on Swift's global executor, one hop per call, to compare.
        let global = ProcessInfo.processInfo.environment["ERRORFLOW_LOAD_EXECUTOR"] == "global"
        let executors: [any Sendable] =
            if #available(macOS 15.0, iOS 18.0, *), !global { ProcessTransport.callerExecutors } else { [] }
        let cpuAtStart = ProcessCPU.now

        let tally = Tally()
        let started = ContinuousClock.now
        let settings = settings
        let interval = progressInterval
        let stop = await withTaskGroup(of: Stop?.self) { group -> Stop in
            group.addTask {
                await JourneyFlow.recording(into: collector) {
                    await Self.drive(settings: settings, tally: tally, calls: calls, executors: executors)
                }
                return .finished
            }
            group.addTask {
                guard (try? await Task.sleep(until: started + settings.timeLimit)) != nil else { return nil }
                return .timeLimit
            }
            group.addTask { await interrupt().map { .interrupted(signal: $0) } }
            group.addTask {
                while (try? await Task.sleep(for: interval)) != nil {
                    progress(tally.progress(since: started))
                }
                return nil
            }
            var stop: Stop?
            while stop == nil, let next = await group.next() { stop = next }
            group.cancelAll()
            return stop ?? .finished
        }
        let elapsed = ContinuousClock.now - started
        // A refresh started by a call that was cut off goes on; it must write the session before the folder goes.
        await app.settle()
        let cpuTime = ProcessCPU.now - cpuAtStart
        let (injected, backendRequests) = await target.stop()

        let entries = collector.events(in: nil)
        var steps: [JourneyAction: Int] = [:]
        for event in entries { steps[event.action, default: 0] += 1 }
        let outcome = tally.snapshot
        return Result(
            settings: settings, stoppedBy: stop, elapsed: elapsed, latencies: outcome.latencies,
            succeeded: outcome.succeeded, failures: outcome.failures, cutOff: outcome.cutOff,
            notSent: settings.requests - outcome.latencies.count - outcome.cutOff,
            injected: injected, attempts: sent.count, backendRequests: backendRequests,
            retryBudgetLeft: app.resilience.retryBudget.available,
            retryBudgetCapacity: app.resilience.retryBudget.settings.capacity,
            retriesRefused: entries.filter { $0.to?.contains("not retried: retry budget spent") == true }.count,
            steps: steps,
            refreshes: entries.filter { $0.action == .recovered && $0.from.contains("token_expired") }.count,
            cpuTime: cpuTime)
    }

    /// What each call goes through: the app's repositories, or the bare client.
    private enum Calls: Sendable {
        case stack(wallets: any WalletRepository, cards: any PaymentCardsRepository)
        case bare(BareCall)

        /// Makes call `ticket`: the wallet when it is even, the cards when odd. Returns the name of its failure.
        func make(_ ticket: Int) async -> String? {
            switch self {
            case .stack(let wallets, let cards):
                ticket.isMultiple(of: 2)
                    ? await LoadRun.failure { () async throws(WalletRepositoryError) in
                        _ = try await wallets.fetchWallet()
                    }
                    : await LoadRun.failure { () async throws(PaymentCardsRepositoryError) in
                        _ = try await cards.fetchCards()
                    }
            case .bare(let bare):
                await bare.make(ticket)
            }
        }
    }

    /// The clients, each taking the next call until none is left or the run is cancelled. Call `n` is a wallet
    /// call when `n` is even, a cards call when odd, and against the embedded backend its requests carry `n`
    /// (``CallNumberingHTTPClient``), for the faults it draws.
    /// Client `i` prefers executor `i` modulo their number, if there are any.
    private nonisolated static func drive(
        settings: Settings, tally: Tally, calls: Calls, executors: [any Sendable]
    ) async {
        let numbered = if case .embedded = settings.target { true } else { false }
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<settings.clients {
                let work: @Sendable () async -> Void = {
                    while !Task.isCancelled, let ticket = tally.nextTicket(limit: settings.requests) {
                        let begun = ContinuousClock.now
                        let failure = await CallNumberingHTTPClient.$call.withValue(numbered ? ticket : nil) {
                            await calls.make(ticket)
                        }
                        if failure != nil, Task.isCancelled {
                            tally.cutOff()
                        } else {
                            tally.record(ContinuousClock.now - begun, failure: failure)
                        }
                    }
                }
                if #available(macOS 15.0, iOS 18.0, *), !executors.isEmpty {
                    group.addTask(
                        executorPreference: executors[client % executors.count] as? any TaskExecutor, operation: work)
                } else {
                    group.addTask(operation: work)
                }
            }
        }
    }

    /// The journey name of the typed error a call ended with, or `nil` on success.
    fileprivate nonisolated static func failure<Failure: CategorizedError>(
        _ call: () async throws(Failure) -> Void
    ) async -> String? {
        do throws(Failure) {
            try await call()
            return nil
        } catch {
            return error.journeyName
        }
    }
}

/// A bare call: `GET /v1/wallet` or `GET /v1/payment-cards` with the session's bearer token, sent once, its 200 body
/// decoded by the repository's parser (``WalletDecoder``, ``PaymentCardsDecoder``); no chain, repository or journey.
struct BareCall: Sendable {
    let wallet: HTTPRequest
    let cards: HTTPRequest
    let client: any HTTPClient

    init(client: any HTTPClient, baseURL: URL, token: String) {
        func get(_ path: String) -> HTTPRequest {
            HTTPRequest(
                method: .get, url: baseURL.appendingPathComponent(path),
                headers: ["Accept": "application/json", HeaderName.authorization: "Bearer \(token)"], id: "bare")
        }
        self.client = client
        wallet = get("/v1/wallet")
        cards = get("/v1/payment-cards")
    }

    /// Makes call `ticket` (the wallet when even, the cards when odd); returns the name of its failure: the
    /// transport's kind (`HTTPClientError.offline`), a status other than 200 (`HTTP 503`), or `DecodingFailure`.
    func make(_ ticket: Int) async -> String? {
        let wallet = ticket.isMultiple(of: 2)
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(wallet ? self.wallet : cards)
        } catch {
            return error.journeyName
        }
        guard response.status == 200 else { return "HTTP \(response.status)" }
        do throws(DecodingFailure) {
            if wallet {
                _ = try WalletDecoder.decode(response.body)
            } else {
                _ = try PaymentCardsDecoder.decode(response.body)
            }
        } catch {
            return "DecodingFailure"
        }
        return nil
    }
}

/// The backend of one load run: the embedded demo backend with its seeded session in a temporary folder, or the
/// user's backend and session file.
private struct LoadTarget {
    let url: URL
    let sessionFile: URL
    private let embedded: DemoBackend?
    private let folder: URL?

    @MainActor
    static func prepare(_ settings: LoadRun.Settings, logger: Logger) async throws(LoopbackHostError) -> LoadTarget {
        switch settings.target {
        case .backend(let url, let sessionFile):
            return LoadTarget(url: url, sessionFile: sessionFile, embedded: nil, folder: nil)
        case .embedded:
            let seed = SeedSession.random()
            let backend = try await DemoBackend.start(
                scenario: .paymentsHappy, seed: seed, faults: settings.faults,
                logger: Logger(label: "load-backend") { _ in SwiftLogNoOpLogHandler() })
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "errorflow-load-\(UUID().uuidString)")
            let sessionFile = folder.appendingPathComponent("session.json")
            try? await FileSessionStore(path: sessionFile, logger: logger).save(
                StoredSession(
                    accessToken: seed.accessToken, refreshToken: seed.refreshToken, expiresAt: nil,
                    userID: seed.userID, userName: seed.userName, origin: BackendOrigin(backend.baseURL)))
            return LoadTarget(url: backend.baseURL, sessionFile: sessionFile, embedded: backend, folder: folder)
        }
    }

    /// Stops the embedded backend and returns the faults it injected and the requests it answered (none and `nil`
    /// for the user's backend).
    func stop() async -> (faults: [InjectedFault: Int], requests: Int?) {
        guard let embedded else { return ([:], nil) }
        await embedded.stop()
        return (await embedded.injectedFaults, await embedded.requestCount)
    }

    func removeTemporaryFolder() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}

/// The CPU time this process has used so far, user and system.
enum ProcessCPU {
    static var now: Duration {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}

/// Puts the load run's call number on every request of that call (first send, retries, replays), so the demo
/// backend draws the same faults for it in every run with the same seed, and counts every request sent.
struct CallNumberingHTTPClient: HTTPClient {
    /// The number of the call the current task is making.
    @TaskLocal static var call: Int?

    let base: any HTTPClient
    let sent: SentRequests

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        sent.add()
        guard let call = Self.call else { return try await base.send(request) }
        var numbered = request
        numbered.headers[FaultPlan.callHeader] = String(call)
        return try await base.send(numbered)
    }
}

/// How many requests the client sent, counted under the whole chain.
final class SentRequests: Sendable {
    private let state = LockedState(0)

    var count: Int { state.withLock { $0 } }

    func add() {
        state.withLock { $0 += 1 }
    }
}

/// Tickets, latencies and outcomes, shared by the clients.
private final class Tally: Sendable {
    struct Snapshot {
        var issued = 0
        var latencies: [Duration] = []
        var succeeded = 0
        var failures: [String: Int] = [:]
        var cutOff = 0
    }

    private let state = LockedState(Snapshot())

    var snapshot: Snapshot { state.withLock { $0 } }

    func progress(since start: ContinuousClock.Instant) -> LoadRun.Progress {
        state.withLock { state in
            LoadRun.Progress(
                done: state.latencies.count, failed: state.failures.values.reduce(0, +),
                elapsed: ContinuousClock.now - start)
        }
    }

    func nextTicket(limit: Int) -> Int? {
        state.withLock { state in
            guard state.issued < limit else { return nil }
            state.issued += 1
            return state.issued
        }
    }

    func record(_ latency: Duration, failure: String?) {
        state.withLock { state in
            state.latencies.append(latency)
            if let failure {
                state.failures[failure, default: 0] += 1
            } else {
                state.succeeded += 1
            }
        }
    }

    func cutOff() {
        state.withLock { $0.cutOff += 1 }
    }
}
