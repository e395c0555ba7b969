public import Foundation
import SharedError

/// One HTTP call as the app describes it, before any decorator touches it.
public struct HTTPRequest: Hashable, Sendable {
    /// The HTTP method; it decides, with the `Idempotency-Key` header, whether the call may be retried.
    public var method: HTTPMethod
    /// The whole address, with any query.
    public var url: URL
    /// The header fields the app sets; the chain adds its own (authorization, request id).
    public var headers: HTTPHeaders
    /// The bytes to send, or `nil` for none.
    public var body: Data?
    /// Identifies the call in logs, errors and the `X-Request-ID` header; the same for every attempt.
    public var id: String
    /// How many times this call has been sent so far, counting retries and replays; 1 for the first send.
    public var attempt: Int
    /// When the whole call must be over, on the chain's ``HTTPClock``; set by ``DeadlineHTTPClient``.
    public var deadline: HTTPInstant?
    /// A keyed write the user asked to make again: the journal does not answer it with the receipt of the same write
    /// made within its key's lifetime, but journals it under its own key (``JournalingHTTPClient``).
    public var sendsAgain = false
    /// The most body bytes this call's answer may carry, when fewer than the transport's own bound: a longer body
    /// fails the call with ``HTTPClientError/Kind/bodyTooLarge(limit:)`` before more is read. `nil`: the
    /// transport's bound.
    public var bodyLimit: Int?

    /// Makes a first attempt with no deadline; `id` is a fresh random request id unless given.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        id: String = RequestID.make()
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.id = id
        self.attempt = 1
        self.deadline = nil
    }

    /// Whether sending the request twice has the same effect as sending it once, so a retry is safe.
    public var isIdempotent: Bool {
        method.isIdempotentByDefinition || headers[HeaderName.idempotencyKey] != nil
    }

    /// The body bound of this call on a transport that allows `transportLimit` bytes: the smaller of the two.
    public func bodyLimit(within transportLimit: Int) -> Int {
        min(transportLimit, max(bodyLimit ?? transportLimit, 0))
    }

    /// The path, for logs and journeys: `/v1/wallet`.
    public var path: String {
        let path = url.path
        return path.isEmpty ? "/" : path
    }
}

/// Header names the chain reads or writes.
public enum HeaderName {
    /// `Authorization`, carrying the bearer token.
    public static let authorization = "Authorization"
    /// `Idempotency-Key`: the same key on every send of one write, so the backend makes it once.
    public static let idempotencyKey = "Idempotency-Key"
    /// `Retry-After`: how long the server asks the client to wait, in seconds or as an HTTP date.
    public static let retryAfter = "Retry-After"
    /// `X-Request-ID`: the call's ``HTTPRequest/id``, the same for every attempt.
    public static let requestID = "X-Request-ID"
    /// `Content-Type`.
    public static let contentType = "Content-Type"
    /// `Content-Length`.
    public static let contentLength = "Content-Length"
    /// `Accept-Language`: the user's language, first.
    public static let acceptLanguage = "Accept-Language"
    /// `traceparent`: the W3C trace the call belongs to (``TraceContextHTTPClient``).
    public static let traceParent = "traceparent"
}

/// Makes request identifiers: short, random, and free of anything about the user.
public enum RequestID {
    /// A new id such as `req-00f3a1c29b4e7d10`: `req-` and 16 hex digits from the process's id generator
    /// (``SharedError/RandomIDs``, seeded once from the system: no system call per request).
    public static func make() -> String {
        "req-" + String(RandomIDs.number(), radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
