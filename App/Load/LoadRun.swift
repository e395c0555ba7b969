import AuthFeature
import DemoBackend
import Domain
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError

/// Drives many concurrent clients through the real stack (repositories, chain, URLSession) against the demo
/// backend with injected faults, and classifies every failure by its typed error.
@MainActor
struct LoadRun {
    struct Settings {
        var clients: Int
        var requests: Int
        var faults: FaultPlan
        var timeLimit: Duration
    }

    struct Result {
        var settings: Settings
        var elapsed: Duration
        var latencies: [Duration]
        var succeeded: Int
        /// Failures by the repository error's journey name; every failure is a typed error.
        var failures: [String: Int]
        var timedOutUnsent: Int
        var injected: [InjectedFault: Int]
        var steps: [JourneyAction: Int]
        var refreshes: Int

        /// Failures whose error is not a case of the repositories' error types.
        var unclassified: Int {
            let known = Set(
                WalletRepositoryError.allCases.map(\.journeyName)
                    + PaymentCardsRepositoryError.allCases.map(\.journeyName))
            return failures.filter { !known.contains($0.key) }.values.reduce(0, +)
        }
    }

    let settings: Settings

    func run() async throws(LoopbackHostError) -> Result {
        let collector = JourneyCollector()
        let logger = Logger.journeyRecording(label: "load", into: collector)
        let seed = SeedSession.random()
        let backend = try await DemoBackend.start(
            scenario: .paymentsHappy, seed: seed, faults: settings.faults,
            logger: Logger(label: "load-backend") { _ in
                SwiftLogNoOpLogHandler()
            })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "errorflow-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileSessionStore(path: folder.appendingPathComponent("session.json"), logger: logger)
        try? await store.save(
            StoredSession(
                accessToken: seed.accessToken, refreshToken: seed.refreshToken, expiresAt: nil, userID: seed.userID,
                userName: seed.userName))
        let app = ComposedApp(
            .init(
                baseURL: backend.baseURL, store: store, plan: DemoScenario.paymentsHappy.plan,
                signInAgent: .scripted(.approve), environment: .prod, appVersion: "load", logger: logger,
                refreshBudget: .init(maximumRefreshes: 10_000, window: .seconds(60))))
        let (wallets, cards) = app.paymentRepositories()

        let tally = Tally()
        let started = ContinuousClock.now
        let deadline = started + settings.timeLimit
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<settings.clients {
                group.addTask {
                    while let ticket = tally.nextTicket(limit: settings.requests) {
                        guard ContinuousClock.now < deadline else {
                            tally.unsent()
                            continue
                        }
                        let begun = ContinuousClock.now
                        let failure: String? =
                            ticket.isMultiple(of: 2)
                            ? await Self.failure { () async throws(WalletRepositoryError) in
                                _ = try await wallets.fetchWallet()
                            }
                            : await Self.failure { () async throws(PaymentCardsRepositoryError) in
                                _ = try await cards.fetchCards()
                            }
                        tally.record(ContinuousClock.now - begun, failure: failure)
                    }
                }
            }
        }
        let elapsed = ContinuousClock.now - started
        await backend.stop()

        let entries = collector.events(in: nil)
        var steps: [JourneyAction: Int] = [:]
        for event in entries { steps[event.action, default: 0] += 1 }
        let outcome = tally.snapshot
        return Result(
            settings: settings, elapsed: elapsed, latencies: outcome.latencies, succeeded: outcome.succeeded,
            failures: outcome.failures, timedOutUnsent: outcome.unsent, injected: await backend.injectedFaults,
            steps: steps,
            refreshes: entries.filter { $0.action == .recovered && $0.from.contains("token_expired") }.count)
    }

    /// The journey name of the typed error a call ended with, or `nil` on success.
    private nonisolated static func failure<Failure: Error & JourneyDescribable>(
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

/// Tickets, latencies and outcomes, shared by the clients.
private final class Tally: Sendable {
    struct Snapshot {
        var issued = 0
        var latencies: [Duration] = []
        var succeeded = 0
        var failures: [String: Int] = [:]
        var unsent = 0
    }

    private let state = LockedState(Snapshot())

    var snapshot: Snapshot { state.withLock { $0 } }

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

    func unsent() {
        state.withLock { $0.unsent += 1 }
    }
}
