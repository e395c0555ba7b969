import Synchronization

/// Keeps the journey events of every flow apart, safe to append to from any thread or task.
public final class JourneyCollector: Sendable {
    private let flows = Mutex<[JourneyFlowID?: [ErrorJourneyEvent]]>([:])

    public init() {}

    /// Appends an event to a flow; `nil` collects events recorded outside any flow.
    public func append(_ event: ErrorJourneyEvent, to flow: JourneyFlowID?) {
        flows.withLock { $0[flow, default: []].append(event) }
    }

    /// The events of one flow, in the order they were recorded.
    public func events(in flow: JourneyFlowID?) -> [ErrorJourneyEvent] {
        flows.withLock { $0[flow] ?? [] }
    }

    /// Returns the events of one flow and forgets them, so a long-running process does not grow without bound.
    public func removeEvents(in flow: JourneyFlowID?) -> [ErrorJourneyEvent] {
        flows.withLock { $0.removeValue(forKey: flow) ?? [] }
    }
}
