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

/// The flow the current task belongs to, carried as a task-local value.
///
/// Child tasks and `Task { }` inherit it, so events recorded deep in the network stack land in the flow that
/// caused them.
public enum JourneyFlow {
    /// The metadata key under which log lines carry the flow.
    public static let metadataKey = "flow"

    /// The flow of the running task, or `nil` outside any flow; set it with
    /// `JourneyFlow.$current.withValue(_:operation:)`.
    @TaskLocal public static var current: JourneyFlowID?

    /// Adds the current flow to every log line of a handler that supports metadata providers.
    public static let metadataProvider = Logger.MetadataProvider {
        guard let flow = current else { return [:] }
        return [metadataKey: .string(flow.rawValue)]
    }
}
