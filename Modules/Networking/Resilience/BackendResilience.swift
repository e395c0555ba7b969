import SharedError

/// What the app keeps about one backend across its calls: the retry budget they share, and the backend's clock.
///
/// Every chain the process composes for the same backend shares one (``ResilienceRegistry``), so two apps against
/// one backend never spend two budgets on it. A backend that another one may follow on the same origin (the demo's,
/// on a reused loopback port) gets a registry of its own.
public final class BackendResilience: Sendable {
    /// The retries the backend's calls may still spend.
    public let retryBudget: RetryBudget
    /// The backend's clock, for `Retry-After` dates.
    public let serverClock: ServerClock

    /// A full budget and a clock with no skew.
    public init(retryBudget: RetryBudget = RetryBudget(), serverClock: ServerClock = ServerClock()) {
        self.retryBudget = retryBudget
        self.serverClock = serverClock
    }
}

/// One ``BackendResilience`` per backend origin: made on first use, then handed to every app composed for that
/// backend.
public final class ResilienceRegistry: Sendable {
    /// The process's registry: what the apps of one process share.
    public static let process = ResilienceRegistry()

    private let budgetSettings: RetryBudget.Settings
    private let known = LockedState<[BackendOrigin: BackendResilience]>([:])

    /// An empty registry whose budgets are made with `budget`.
    public init(budget: RetryBudget.Settings = RetryBudget.Settings()) {
        budgetSettings = budget
    }

    /// The budget and clock of `origin`, the same object for every call with the same origin.
    public func resilience(for origin: BackendOrigin) -> BackendResilience {
        known.withLock { known in
            if let existing = known[origin] { return existing }
            let made = BackendResilience(retryBudget: RetryBudget(budgetSettings))
            known[origin] = made
            return made
        }
    }
}
