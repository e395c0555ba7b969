/// Holds tasks until a test opens it.
public actor AsyncGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Returns once the gate is open.
    public func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }

    /// How many tasks are held.
    public var waitingCount: Int { waiting.count }
}

/// Holds every arriving task until `count` have arrived, then lets them all go.
public actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(count: Int) {
        self.count = count
    }

    public func arriveAndWait() async {
        arrived += 1
        guard arrived < count else {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
