/// What a developer needs to find an error that no screen explained: its type and case, the layer it was raised
/// in, what kind of failure it is, and, for a backend failure, the HTTP status, the server's error code, the request
/// id and the trace id. Never a value.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The error's journey name, for example `HTTPClientError.server(500)`.
    public var error: String
    /// The layer the error was raised in.
    public var layer: JourneyLayer
    /// What kind of failure it is, as the code that made it declares.
    public var kind: Kind
    /// The HTTP status, for a backend failure; `nil` otherwise.
    public var status: Int?
    /// The `error` code of the backend's error body, when it had one.
    public var serverCode: String?
    /// The call's `X-Request-ID`, to find it in the backend's logs; `nil` when no call was involved.
    public var requestID: String?
    /// The seconds a `Retry-After` asked for that the app did not wait (longer than the call allowed); `nil` when
    /// there was none.
    public var retryAfterSeconds: Int?
    /// The W3C trace id the call carried in its `traceparent` (``ScreenTrace``), to find the screen load's every
    /// request in the backend's logs; `nil` when no call was involved.
    public var traceID: String?

    /// Makes a diagnostic; every field must be a name or code, never a value the user typed or the backend sent.
    public init(
        error: String, layer: JourneyLayer, kind: Kind = .failure, status: Int? = nil, serverCode: String? = nil,
        requestID: String? = nil, retryAfterSeconds: Int? = nil, traceID: String? = nil
    ) {
        self.error = error
        self.layer = layer
        self.kind = kind
        self.status = status
        self.serverCode = serverCode
        self.requestID = requestID
        self.retryAfterSeconds = retryAfterSeconds
        self.traceID = traceID
    }

    /// `HTTPClientError.server(500) in networking · HTTP 500 · code internal · request req-… · trace 4bf9…`.
    public var description: String {
        var parts = ["\(error) in \(layer.rawValue)"]
        if let status { parts.append("HTTP \(status)") }
        if let serverCode { parts.append("code \(serverCode)") }
        if let requestID { parts.append("request \(requestID)") }
        if let traceID { parts.append("trace \(traceID)") }
        return parts.joined(separator: " · ")
    }

    /// What kind of failure a diagnostic stands for.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A call or a step that failed: a status, a transport failure, a case a layer raised.
        case failure
        /// A body the backend sent that broke the contract: a required field missing or invalid, or a value this app
        /// version does not know. The call's client report already tells the backend engineers.
        case brokenBody
        /// A request the app itself got wrong, which the backend refuses again however often it comes (a reused
        /// idempotency key): trying again cannot help, only support can.
        case defect
    }
}

extension Diagnostic {
    /// This diagnostic, declared as a failure of kind `kind`.
    public func declaring(_ kind: Kind) -> Diagnostic {
        var declared = self
        declared.kind = kind
        return declared
    }
}
