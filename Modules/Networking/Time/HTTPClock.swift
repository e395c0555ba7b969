public import Foundation

/// A point in time on an ``HTTPClock``: only differences between instants of the same clock mean anything.
public struct HTTPInstant: Comparable, Hashable, Sendable {
    /// Time since the clock's origin.
    public var sinceOrigin: Duration

    /// Makes the instant `sinceOrigin` after the clock's origin.
    public init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: HTTPInstant, rhs: HTTPInstant) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
    /// The instant `rhs` after `lhs`.
    public static func + (lhs: HTTPInstant, rhs: Duration) -> HTTPInstant {
        HTTPInstant(sinceOrigin: lhs.sinceOrigin + rhs)
    }
    /// The time from `rhs` to `lhs`; negative when `lhs` is earlier.
    public static func - (lhs: HTTPInstant, rhs: HTTPInstant) -> Duration { lhs.sinceOrigin - rhs.sinceOrigin }
}

/// The time source of the HTTP chain: deadlines, backoff sleeps, refresh budgets and `Retry-After` dates.
///
/// Injected so that tests run on a virtual clock and check every delay without sleeping.
public protocol HTTPClock: Sendable {
    /// Monotonic now.
    var now: HTTPInstant { get }
    /// Wall-clock now, for `Retry-After` given as an HTTP date.
    var wallClockNow: Date { get }
    /// Suspends until `deadline`, or throws as soon as the calling task is cancelled.
    func sleep(until deadline: HTTPInstant) async throws(CancellationError)
}

extension HTTPClock {
    /// Suspends for `duration`, or throws as soon as the calling task is cancelled.
    public func sleep(for duration: Duration) async throws(CancellationError) {
        try await sleep(until: now + duration)
    }
}

/// The real clock: `ContinuousClock` for instants and sleeps, `Date()` for the wall clock.
public struct SystemHTTPClock: HTTPClock {
    private static let origin = ContinuousClock.now

    /// Makes the real clock; every instance shares one origin, so their instants compare.
    public init() {}

    /// Monotonic time since the process's first use of the clock.
    public var now: HTTPInstant { HTTPInstant(sinceOrigin: ContinuousClock.now - Self.origin) }
    /// The system's current date.
    public var wallClockNow: Date { Date() }

    /// Sleeps on `ContinuousClock` until `deadline`; returns at once when it has passed. Throws `CancellationError`
    /// when the task is cancelled.
    public func sleep(until deadline: HTTPInstant) async throws(CancellationError) {
        do {
            try await ContinuousClock().sleep(until: Self.origin + deadline.sinceOrigin)
        } catch {
            throw CancellationError()
        }
    }
}
