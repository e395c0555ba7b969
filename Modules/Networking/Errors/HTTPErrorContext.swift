public import Foundation
import Redaction

/// Where a call failed, as a backend engineer wants to read it; every field is redacted or bounded.
public struct HTTPErrorContext: Hashable, Sendable {
    /// The method of the call that failed.
    public var method: HTTPMethod
    /// The URL with secret query values replaced.
    public var url: String
    /// The HTTP status, when there was a response.
    public var status: Int?
    /// How many times the call was sent.
    public var attempt: Int
    /// The call's `X-Request-ID`, the same for every attempt, to find it in the backend's logs.
    public var requestID: String
    /// The W3C trace id of the call's `traceparent`, shared by every request of its screen load.
    public var traceID: String?
    /// At most 256 bytes of the response body, redacted.
    public var bodyExcerpt: String?
    /// The `error` code of a JSON error body (`token_expired`, `wallet_banned`), when it has one.
    public var serverCode: String?
    /// The fields a 422 `validation_failed` names, with their codes; identifiers only, never the server's message.
    public var fieldErrors: [ServerFieldError]
    /// A `Retry-After` the chain did not wait for, because it was past the deadline or above the maximum.
    public var retryAfter: RetryAfter?
    /// The answer's `Date` header: the backend's clock when it answered, against which a `Retry-After` date is
    /// measured.
    public var serverDate: Date?
    /// The transport's own error code, for example `URLError(-1004)`.
    public var underlying: String?
    /// For a keyed write, what the pending-writes journal knows of it once this send ended (``JournalingHTTPClient``):
    /// whether it may still have been made, whatever this failure alone suggests.
    public var keyedWrite: KeyedWriteStatus?

    /// Makes the context of a failed `request`: its method, redacted URL, attempt and request id, with what the answer
    /// added.
    public init(
        request: HTTPRequest,
        status: Int? = nil,
        bodyExcerpt: String? = nil,
        serverCode: String? = nil,
        fieldErrors: [ServerFieldError] = [],
        retryAfter: RetryAfter? = nil,
        serverDate: Date? = nil,
        underlying: String? = nil
    ) {
        self.method = request.method
        self.url = Redaction.url(request.url)
        self.status = status
        self.attempt = request.attempt
        self.requestID = request.id
        self.traceID = request.traceID
        self.bodyExcerpt = bodyExcerpt
        self.serverCode = serverCode
        self.fieldErrors = fieldErrors
        self.retryAfter = retryAfter
        self.serverDate = serverDate
        self.underlying = underlying
    }
}

/// One field of the contract's 422 answer: `{"field": "amount", "code": "too_large", "message": …}`. The message is
/// the server's wording and is not kept; the app words the code itself.
public struct ServerFieldError: Hashable, Sendable {
    /// The contract's name of the field, as sent.
    public var field: String
    /// The contract's code for the problem (`too_large`), as sent.
    public var code: String

    /// Makes one field's problem from the contract's names.
    public init(field: String, code: String) {
        self.field = field
        self.code = code
    }
}
