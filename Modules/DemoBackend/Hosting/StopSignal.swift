import Synchronization

/// Tells slow handlers that the server is stopping, so a graceful shutdown never waits out a deliberate delay.
public final class StopSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    public var isFired: Bool { state.withLock { $0.fired } }

    /// Wakes every waiter, now and from now on.
    public func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.fired = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Sleeps for `duration`, or less if the signal fires (or the task is cancelled) first.
    public func sleep(for duration: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    private func wait() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    guard !state.fired, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
