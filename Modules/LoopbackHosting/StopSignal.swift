/// Tells slow handlers that the server is stopping, so a graceful shutdown never waits out a deliberate delay.
public actor StopSignal {
    private var fired = false
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextID: UInt64 = 0

    /// A signal that has not fired yet.
    public init() {}

    /// Wakes every waiter, now and from now on.
    public func fire() {
        fired = true
        for waiter in waiters.values { waiter.resume() }
        waiters.removeAll()
    }

    /// Sleeps for `duration`, or less if the signal fires (or the task is cancelled) first.
    public nonisolated func sleep(for duration: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    private func wait() async {
        nextID += 1
        let id = nextID
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !fired, !Task.isCancelled else {
                    continuation.resume()
                    return
                }
                waiters[id] = continuation
            }
        } onCancel: {
            Task { await self.release(id) }
        }
    }

    private func release(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }
}
