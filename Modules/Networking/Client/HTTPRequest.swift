public import Foundation

/// One HTTP call as the app describes it, before any decorator touches it.
public struct HTTPRequest: Hashable, Sendable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// Identifies the call in logs, errors and the `X-Request-ID` header; the same for every attempt.
    public var id: String
    /// How many times this call has been sent so far, counting retries and replays; 1 for the first send.
    public var attempt: Int
    /// When the whole call must be over, on the chain's ``HTTPClock``; set by ``DeadlineHTTPClient``.
    public var deadline: HTTPInstant?

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

    /// The path, for logs and journeys: `/v1/wallet`.
    public var path: String { url.path.isEmpty ? "/" : url.path }
}

/// Header names the chain reads or writes.
public enum HeaderName {
    public static let authorization = "Authorization"
    public static let idempotencyKey = "Idempotency-Key"
    public static let retryAfter = "Retry-After"
    public static let requestID = "X-Request-ID"
    public static let contentType = "Content-Type"
    public static let contentLength = "Content-Length"
}

/// Makes request identifiers: short, random, and free of anything about the user.
public enum RequestID {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        return "req-" + String(value, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
