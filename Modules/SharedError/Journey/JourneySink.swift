/// Where journey steps go, as values: whoever runs a flow sets a sink for it with
/// ``JourneyFlow/recording(into:isolation:_:)`` (the CLI one per run, the presenter one per screen load, a test one
/// per test) and reads what the layers recorded there. The log only shows the steps to people.
public protocol JourneySink: AnyObject, Sendable {
    /// Takes one step, recorded in `flow` (`nil`: outside any flow). Called on the task that recorded it: it must
    /// return at once.
    func receive(_ entry: JourneyEntry, in flow: JourneyFlowID?)
}

/// The flow and the journey sinks of a task, taken to run work in them later from a task that does not inherit
/// task-local values (a detached delivery).
public struct JourneyContext: Sendable {
    let flow: JourneyFlowID?
    let sinks: [any JourneySink]

    /// The running task's flow and sinks.
    public static var current: JourneyContext {
        JourneyContext(flow: JourneyFlow.current, sinks: JourneyFlow.sinks)
    }

    /// No flow and no sink: what is recorded in it reaches only the log.
    public static let none = JourneyContext(flow: nil, sinks: [])

    /// Runs `operation` in this flow, its steps handed to these sinks (and to no other).
    public func run<Value>(isolation: isolated (any Actor)? = #isolation, _ operation: () async -> Value) async -> Value
    {
        await JourneyFlow.$current.withValue(
            flow,
            operation: { await JourneyFlow.$sinks.withValue(sinks, operation: operation, isolation: isolation) },
            isolation: isolation)
    }

    /// Runs `operation` in this flow, its steps handed to these sinks (and to no other).
    public func run<Value>(_ operation: () -> Value) -> Value {
        JourneyFlow.$current.withValue(flow) { JourneyFlow.$sinks.withValue(sinks, operation: operation) }
    }
}
