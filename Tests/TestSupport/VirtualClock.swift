public import Foundation
public import Networking
import SharedError
public import Testing

/// An ``HTTPClock`` whose time moves only when a test says so, and which records every sleep.
///
/// In `autoAdvance` mode a sleep moves time to its deadline at once, so a retry loop runs instantly and its
/// delays can be read back; with an `autoAdvanceLimit`, only sleeps up to that long do, and longer ones (a call's
/// whole deadline, say) wait like in manual mode. Otherwise sleepers wait until ``advance(by:)`` passes their
/// deadline or their task is cancelled.
public final class VirtualClock: HTTPClock {
    private struct Sleeper {
        var deadline: HTTPInstant
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var now = HTTPInstant(sinceOrigin: .zero)
        var sleeps: [Duration] = []
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state = LockedState(State())
    private let autoAdvance: Bool
    private let autoAdvanceLimit: Duration?
    private let wallClockOrigin: Date

    /// Makes a clock at instant zero; `wallClockOrigin` is the wall-clock date at that instant.
    public init(
        autoAdvance: Bool = true, autoAdvanceLimit: Duration? = nil,
        wallClockOrigin: Date = Date(timeIntervalSince1970: 1_800_000_000)
    ) {
        self.autoAdvance = autoAdvance
        self.autoAdvanceLimit = autoAdvanceLimit
        self.wallClockOrigin = wallClockOrigin
    }

    /// The virtual instant; it moves only by sleeping in auto-advance mode or through ``advance(by:)``.
    public var now: HTTPInstant { state.withLock { $0.now } }

    /// `wallClockOrigin` plus the virtual time elapsed.
    public var wallClockNow: Date {
        let elapsed = now.sinceOrigin.components
        return wallClockOrigin.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    /// Every sleep asked for, in order, measured from the moment it was asked.
    public var recordedSleeps: [Duration] { state.withLock { $0.sleeps } }

    /// How many tasks are sleeping right now (manual mode).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Records the sleep, then returns at once in auto-advance mode (moving time to `deadline`), or waits for
    /// ``advance(by:)`` to reach it. Throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: HTTPInstant) async throws(CancellationError) {
        if autoAdvance, autoAdvanceLimit.map({ deadline - now <= $0 }) ?? true {
            let (cancelled, due) = state.withLock { state -> (Bool, [Sleeper]) in
                state.sleeps.append(max(deadline - state.now, .zero))
                guard !Task.isCancelled else { return (true, []) }
                state.now = max(state.now, deadline)
                return (false, Self.takeDue(&state))
            }
            // Time moved on: the sleepers it passed wake too.
            for sleeper in due { sleeper.continuation.resume(returning: true) }
            if cancelled { throw CancellationError() }
            return
        }

        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.sleeps.append(max(deadline - state.now, .zero))
            return state.nextID
        }
        let woke = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if deadline <= state.now { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
        if !woke { throw CancellationError() }
    }

    /// Moves time on and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now + duration
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume(returning: true) }
    }

    /// Moves time on to the earliest sleeper's deadline (if it is later than now) and wakes every sleeper due then;
    /// returns whether there was one.
    @discardableResult
    public func advanceToNextSleeper() -> Bool {
        let due = state.withLock { state -> [Sleeper] in
            guard let next = state.sleepers.values.map(\.deadline).min() else { return [] }
            state.now = max(state.now, next)
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume(returning: true) }
        return !due.isEmpty
    }

    private static func takeDue(_ state: inout State) -> [Sleeper] {
        let due = state.sleepers.filter { $0.value.deadline <= state.now }
        for id in due.keys { state.sleepers.removeValue(forKey: id) }
        return Array(due.values)
    }

    /// Waits until `count` tasks are asleep on this clock; records a failure rather than hang if they never are.
    public func waitForSleepers(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("\(count) sleepers", sourceLocation: sourceLocation) { sleeperCount >= count }
    }
}
