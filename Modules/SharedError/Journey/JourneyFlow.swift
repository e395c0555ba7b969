public import Logging

/// Identifies one user flow (one screen load, one scenario) so that concurrent flows keep separate journeys.
public struct JourneyFlowID: Hashable, Sendable, CustomStringConvertible {
    /// The flow's name as given, for example a scenario's name.
    public let rawValue: String

    /// Makes an id from any name; two ids with the same name are the same flow.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The flow's name.
    public var description: String { rawValue }
}

/// The flow the current task belongs to and the sinks its journey steps go to, carried as task-local values.
///
/// Child tasks and `Task { }` inherit both, so steps recorded deep in the network stack reach the sinks of the flow
/// that caused them.
public enum JourneyFlow {
    /// The metadata key under which log lines carry the flow.
    public static let metadataKey = "flow"

    /// The flow of the running task, or `nil` outside any flow; set it with
    /// `JourneyFlow.$current.withValue(_:operation:)`.
    @TaskLocal public static var current: JourneyFlowID?

    /// The sinks of the running task, in the order they were set.
    @TaskLocal static var sinks: [any JourneySink] = []

    /// Adds the current flow to every log line of a handler that supports metadata providers.
    public static let metadataProvider = Logger.MetadataProvider {
        guard let flow = current else { return [:] }
        return [metadataKey: .string(flow.rawValue)]
    }

    /// Runs `operation` with `sink` receiving every journey step recorded in it, and in the tasks it starts that
    /// inherit task-local values, besides the sinks set already (a sink set already is not set twice).
    public static func recording<Value>(
        into sink: some JourneySink, isolation: isolated (any Actor)? = #isolation, _ operation: () async -> Value
    ) async -> Value {
        await $sinks.withValue(adding(sink), operation: operation, isolation: isolation)
    }

    /// Runs `operation` with `sink` receiving every journey step recorded in it, besides the sinks set already.
    public static func recording<Value>(into sink: some JourneySink, _ operation: () -> Value) -> Value {
        $sinks.withValue(adding(sink), operation: operation)
    }

    /// Hands `event`, recorded at `level`, to every sink of the running task, with the running task's flow and
    /// trace.
    static func deliver(_ event: ErrorJourneyEvent, level: Logger.Level) {
        let sinks = self.sinks
        guard !sinks.isEmpty else { return }
        let entry = JourneyEntry(event: event, level: level, traceID: ScreenTrace.currentID)
        for sink in sinks { sink.receive(entry, in: current) }
    }

    private static func adding(_ sink: some JourneySink) -> [any JourneySink] {
        sinks.contains { $0 === sink } ? sinks : sinks + [sink]
    }
}
