import SharedError
import W3CTraceContext

/// Puts every call in a W3C trace: writes `traceparent` (swift-w3c-trace-context) with the trace id of the running
/// screen load (``ScreenTrace``) and a span id of the call's own, so the backend's log lines for every request of
/// one screen load share one trace id. A call outside any screen load gets a trace of its own.
///
/// It sits just inside the deadline, above retry and authentication: every attempt of the call (a retry, a replay
/// after a refresh) is the same request and carries the same header.
public struct TraceContextHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient

    /// Makes the decorator over `decoratee`.
    public init(decoratee: any HTTPClient) {
        self.decoratee = decoratee
    }

    /// Sends `request` with a `traceparent` naming the current trace (or a new one) and a new span id; errors pass
    /// through unchanged.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let trace = ScreenTrace.current ?? ScreenTrace.start()
        var traced = request
        traced.headers[HeaderName.traceParent] = Self.traceParent(trace.traceID, RandomIDs.spanID(), trace.flags)
        return try await decoratee.send(traced)
    }

    /// The `traceparent` value, `00-<trace id>-<span id>-<flags>` in lowercase hex: what swift-w3c-trace-context's
    /// `traceParentHeaderValue` writes, written here into one 55-byte string (the library's takes six allocations,
    /// and every call of the app would pay for them).
    private static func traceParent(_ trace: TraceID, _ span: SpanID, _ flags: TraceFlags) -> String {
        String(unsafeUninitializedCapacity: 55) { out in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            func write(_ byte: UInt8) {
                digits.withUTF8Buffer { hex in
                    out[index] = hex[Int(byte >> 4)]
                    out[index + 1] = hex[Int(byte & 0x0F)]
                }
                index += 2
            }
            func dash() {
                out[index] = UInt8(ascii: "-")
                index += 1
            }
            write(0)
            dash()
            withUnsafeBytes(of: trace.bytes) { $0.forEach(write) }
            dash()
            withUnsafeBytes(of: span.bytes) { $0.forEach(write) }
            dash()
            write(flags.rawValue)
            return index
        }
    }
}

extension HTTPRequest {
    /// The trace id the request's `traceparent` names (32 lowercase hex digits), read with swift-w3c-trace-context;
    /// `nil` without one, or with one that is not a valid W3C `traceparent`.
    public var traceID: String? {
        guard let header = headers[HeaderName.traceParent],
            let context = try? TraceContext(traceParentHeaderValue: header)
        else { return nil }
        return "\(context.traceID)"
    }
}
