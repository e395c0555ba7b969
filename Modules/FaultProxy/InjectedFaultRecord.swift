public import FaultInjection

/// One fault the proxy injected, as `GET /_proxy/faults` lists it and its log line says it: which request, which
/// kind, and what the client got instead of the backend's answer.
public struct InjectedFaultRecord: Codable, Hashable, Sendable {
    /// Its place among the faults this proxy injected, from 1.
    public var number: Int
    /// The request's method.
    public var method: String
    /// The request's path, without its query.
    public var path: String
    /// The kind injected.
    public var fault: FaultKind
    /// The trace id of the request's `traceparent`, when it carried a valid one.
    public var traceID: String?
    /// What the client got: `answered 429 with Retry-After: 1`, `the backend's 201 was dropped`, ….
    public var effect: String

    /// A record of fault `number`.
    public init(number: Int, method: String, path: String, fault: FaultKind, traceID: String?, effect: String) {
        self.number = number
        self.method = method
        self.path = path
        self.fault = fault
        self.traceID = traceID
        self.effect = effect
    }

    /// The log line: `fault 3: 429 on GET /v1/wallet (trace 4bf9…): answered 429 with Retry-After: 1`.
    public var line: String {
        "fault \(number): \(fault.rawValue) on \(method) \(path) (trace \(traceID ?? "none")): \(effect)"
    }
}
