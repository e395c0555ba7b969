import Instrumentation
public import W3CTraceContext

/// The W3C trace of one screen load, carried as the task's `InstrumentationContext` (swift-distributed-tracing's
/// task-local context), so every request the load makes, every journey step it records and every report it sends
/// name the same trace.
///
/// Nothing is bootstrapped: no global instrument or tracer is installed, so any number of apps and backends can run
/// in one process, each with the traces it was given. A task that does not inherit task-local values (a detached
/// task) has no trace until one is handed to it with ``with(_:isolation:_:)``.
public enum ScreenTrace {
    /// The trace of the running task, or `nil` outside any.
    public static var current: TraceContext? {
        InstrumentationContext.current?[Key.self]
    }

    /// The id of the running task's trace as 32 lowercase hex digits (`4bf92f3577b34da6a3ce929d0e0e4736`), or `nil`.
    public static var currentID: String? {
        current.map { "\($0.traceID)" }
    }

    /// A new trace: a random trace id and span id, marked sampled, with no vendor state.
    public static func start() -> TraceContext {
        TraceContext(traceID: RandomIDs.traceID(), spanID: RandomIDs.spanID(), flags: .sampled, state: TraceState())
    }

    /// Runs `operation` with `trace` as the current trace (`nil`: none), keeping whatever else the current context
    /// holds.
    public static func with<Value>(
        _ trace: TraceContext?, isolation: isolated (any Actor)? = #isolation, _ operation: () async -> Value
    ) async -> Value {
        var context = InstrumentationContext.current ?? .topLevel
        context[Key.self] = trace
        return await InstrumentationContext.$current.withValue(context, operation: operation, isolation: isolation)
    }

    private enum Key: InstrumentationContextKey {
        typealias Value = TraceContext
        static let nameOverride: String? = "errorflow.screen-trace"
    }
}
