import HTTPTypes
import Hummingbird
import W3CTraceContext

/// Reads each request's W3C `traceparent` with swift-w3c-trace-context and answers it inside that trace, so the
/// backend's log line for the request names the same trace id as the client's journey and its error reports.
///
/// Nothing global: the trace lives in a task-local value of the request being answered, so any number of backends
/// run in one process. A missing or malformed header means no trace, never a refusal.
struct TraceParentMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let header = HTTPField.Name("traceparent").flatMap { request.headers[$0] }
        let trace = header.flatMap { try? TraceContext(traceParentHeaderValue: $0) }
        return try await IncomingTrace.$current.withValue(trace) { try await next(request, context) }
    }
}

/// The trace id of the request being answered (32 lowercase hex digits), if it carried a `traceparent`.
enum IncomingTrace {
    /// The trace of the request being answered, if it carried one.
    @TaskLocal static var current: TraceContext?

    /// Its trace id.
    static var id: String? {
        current.map { "\($0.traceID)" }
    }
}
