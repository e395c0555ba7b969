public import Logging
public import SharedError

/// A logger that records journey events, and the way to read them back.
public struct JourneyProbe: Sendable {
    /// Where the recorded events are kept, by flow.
    public let collector = JourneyCollector()
    /// A logger to hand to the code under test; it records journey events into ``collector``.
    public let logger: Logger

    /// Makes a probe with an empty collector and a logger labelled `label`.
    public init(label: String = "test") {
        logger = .journeyRecording(label: label, into: collector)
    }

    /// The events recorded outside any flow (or inside `flow`), in order.
    public func events(in flow: JourneyFlowID? = nil) -> [ErrorJourneyEvent] {
        collector.events(in: flow)
    }

    /// The events with the levels they were logged at.
    public func entries(in flow: JourneyFlowID? = nil) -> [JourneyEntry] {
        collector.entries(in: flow)
    }

    /// Just the actions, for short assertions.
    public func actions(in flow: JourneyFlowID? = nil) -> [JourneyAction] {
        events(in: flow).map(\.action)
    }
}

/// A logger that writes nothing, for the parts of a test whose logs do not matter.
public let quietLogger = Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() }
