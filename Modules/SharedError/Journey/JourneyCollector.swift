public import Logging

/// One collected journey step and the log level it was recorded at.
public struct JourneyEntry: Hashable, Sendable {
    /// The step as it was recorded.
    public var event: ErrorJourneyEvent
    /// How loud the layer was about it: a missing wallet is `info`, a banned one `error`.
    public var level: Logger.Level
    /// The id of the trace (``ScreenTrace``) the step was recorded in, if any.
    public var traceID: String?

    /// Pairs a step with the level it was logged at and the trace it was recorded in.
    public init(event: ErrorJourneyEvent, level: Logger.Level, traceID: String? = nil) {
        self.event = event
        self.level = level
        self.traceID = traceID
    }
}

/// A sink that keeps the journey steps of every flow apart, safe to receive from any thread or task: the CLI's, one
/// per process, filed by run.
public final class JourneyCollector: JourneySink {
    private let flows = LockedState<[JourneyFlowID?: [JourneyEntry]]>([:])

    /// Makes an empty collector.
    public init() {}

    /// Files `entry` under `flow`; `nil` collects steps recorded outside any flow.
    public func receive(_ entry: JourneyEntry, in flow: JourneyFlowID?) {
        flows.withLock { $0[flow, default: []].append(entry) }
    }

    /// The events of one flow, in the order they were recorded.
    public func events(in flow: JourneyFlowID?) -> [ErrorJourneyEvent] {
        entries(in: flow).map(\.event)
    }

    /// The events of one flow with their levels, in order.
    public func entries(in flow: JourneyFlowID?) -> [JourneyEntry] {
        flows.withLock { $0[flow] ?? [] }
    }

    /// Returns the entries of one flow and forgets them, so a long-running process does not grow without bound.
    public func removeEntries(in flow: JourneyFlowID?) -> [JourneyEntry] {
        flows.withLock { $0.removeValue(forKey: flow) ?? [] }
    }
}
