public import Testing

/// Holds tasks until a test opens it. A task held longer than `timeLimit` is let go and the test fails, so a
/// regression that never opens the gate ends one test instead of hanging the whole run.
public actor AsyncGate {
    private var isOpen = false
    private var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextID: UInt64 = 0
    private let timeLimit: Duration

    /// Makes a closed gate; a task held longer than `timeLimit` is let go and the test fails.
    public init(timeLimit: Duration = .seconds(50)) {
        self.timeLimit = timeLimit
    }

    /// Returns once the gate is open, or after the time limit with a recorded failure.
    public func wait(sourceLocation: SourceLocation = #_sourceLocation) async {
        guard !isOpen else { return }
        nextID += 1
        let id = nextID
        let watchdog = Task { [timeLimit] in
            guard (try? await Task.sleep(for: timeLimit)) != nil else { return }
            self.giveUp(id, sourceLocation: sourceLocation)
        }
        await withCheckedContinuation { waiting[id] = $0 }
        watchdog.cancel()
    }

    /// Opens the gate for good: lets every held task go, and every later ``wait(sourceLocation:)`` returns at once.
    public func open() {
        isOpen = true
        for continuation in waiting.values { continuation.resume() }
        waiting.removeAll()
    }

    /// How many tasks are held.
    public var waitingCount: Int { waiting.count }

    private func giveUp(_ id: UInt64, sourceLocation: SourceLocation) {
        guard let continuation = waiting.removeValue(forKey: id) else { return }
        Issue.record("a task waited at the gate for \(timeLimit) and nobody opened it", sourceLocation: sourceLocation)
        continuation.resume()
    }
}

/// Holds every arriving task until `count` have arrived, then lets them all go; after `timeLimit` it lets them
/// go anyway and the test fails.
public actor Barrier {
    private let count: Int
    private let timeLimit: Duration
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var watchdog: Task<Void, Never>?

    /// Makes a barrier that lets tasks go once `count` have arrived, or after `timeLimit` with a test failure.
    public init(count: Int, timeLimit: Duration = .seconds(50)) {
        self.count = count
        self.timeLimit = timeLimit
    }

    /// Returns once `count` tasks have arrived, or after the time limit with a recorded failure; the last to arrive
    /// returns at once.
    public func arriveAndWait(sourceLocation: SourceLocation = #_sourceLocation) async {
        arrived += 1
        guard arrived < count else {
            watchdog?.cancel()
            release()
            return
        }
        if watchdog == nil {
            watchdog = Task { [timeLimit] in
                guard (try? await Task.sleep(for: timeLimit)) != nil else { return }
                self.giveUp(sourceLocation: sourceLocation)
            }
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func giveUp(sourceLocation: SourceLocation) {
        guard !waiting.isEmpty else { return }
        Issue.record("only \(arrived) of \(count) arrived within \(timeLimit)", sourceLocation: sourceLocation)
        release()
    }

    private func release() {
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}
