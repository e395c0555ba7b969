public import Foundation
import SharedError

/// One backend's clock as the app knows it: how far the backend's `Date` header is from the device's clock.
///
/// Each answer with a `Date` header sets the skew (the latest wins), and an HTTP-date `Retry-After` is measured on
/// the backend's clock: against the `Date` of the same answer when it has one, otherwise against the device's
/// clock moved by the skew. A `Date` header counts whole seconds, so a skew under ``resolution`` is taken as none.
public final class ServerClock: Sendable {
    /// The smallest skew the app acts on: a `Date` header cannot tell anything finer.
    public static let resolution: Duration = .seconds(1)

    /// The response header that carries the backend's clock.
    public static let dateHeader = "Date"

    private struct State {
        var skew = Duration.zero
        /// The last `Date` header read: answers within the same second say nothing new, and are not parsed again.
        var lastHeader = ""
    }

    private let state = LockedState(State())

    /// A clock with no skew yet.
    public init() {}

    /// How far ahead of the device's clock the backend's is (negative when it is behind).
    public var offset: Duration { state.withLock { $0.skew } }

    /// Learns the skew from an answer whose `Date` header said `serverDate` when the device's clock said `deviceNow`.
    public func observe(serverDate: Date, deviceNow: Date) {
        let measured = Duration.milliseconds(Int64((serverDate.timeIntervalSince(deviceNow) * 1000).rounded()))
        let kept = measured > .zero - Self.resolution && measured < Self.resolution ? Duration.zero : measured
        state.withLock { $0.skew = kept }
    }

    /// Learns the skew from a `Date` header as it came; a header that is not an HTTP date is ignored.
    public func observe(dateHeader: String, deviceNow: Date) {
        let isNew = state.withLock { state -> Bool in
            guard state.lastHeader != dateHeader else { return false }
            state.lastHeader = dateHeader
            return true
        }
        guard isNew, let serverDate = HTTPDate.parse(dateHeader) else { return }
        observe(serverDate: serverDate, deviceNow: deviceNow)
    }

    /// The backend's time now, given the device's.
    public func now(deviceNow: Date) -> Date {
        let offset = self.offset.components
        return deviceNow.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
    }
}
