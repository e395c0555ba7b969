import Foundation
public import SharedError

/// Why an HTTP call failed, with the context a backend engineer needs and nothing secret.
///
/// Owned by Networking. Repositories map it into their own error; no layer above Data ever sees it.
public struct HTTPClientError: Error, Hashable, Sendable {
    /// What went wrong.
    public var kind: Kind
    /// Where and when: method, redacted URL, status, attempt, request id, body excerpt.
    public var context: HTTPErrorContext

    /// Makes an error of `kind` with its redacted `context`.
    public init(kind: Kind, context: HTTPErrorContext) {
        self.kind = kind
        self.context = context
    }

    /// Every way a call can fail.
    public enum Kind: Hashable, Sendable {
        // MARK: Transport
        /// No connection: not connected, host not found, connection refused.
        case offline
        /// The call's deadline passed (attempts, backoff, refresh waits and body download included).
        case timedOut
        /// The calling task was cancelled; the call sent nothing more.
        case cancelled
        /// The connection dropped mid-call.
        case connectionLost
        /// The answer was not a usable HTTP response.
        case invalidResponse
        /// The body was larger than the configured limit and was not buffered.
        case bodyTooLarge(limit: Int)

        // MARK: Status
        /// 401 that no refresh could fix (an unknown token, a replay that failed again, an exhausted budget).
        case unauthorized
        /// 403.
        case forbidden
        /// 404.
        case notFound
        /// 408.
        case requestTimeout
        /// 409.
        case conflict
        /// 429.
        case tooManyRequests
        /// 500–599.
        case server(status: Int)
        /// Any other status outside 200–299.
        case unexpectedStatus(Int)

        // MARK: Service and session
        /// HTTP 200 whose body says `{"status":"error","code":…}` (the legacy payment-cards service).
        case errorEnvelope(code: String)
        /// The refresh token was refused (`invalid_grant`), or there is no session: the user must sign in.
        case sessionExpired

        // MARK: The pending-writes journal
        /// A keyed write was not sent: the journal could not record it, or must not let it go out (``JournalRefusal``).
        case journalRefused(JournalRefusal)

        /// The case name, with the status or code where it has one: `server(503)`.
        public var name: String {
            switch self {
            case .offline: "offline"
            case .timedOut: "timedOut"
            case .cancelled: "cancelled"
            case .connectionLost: "connectionLost"
            case .invalidResponse: "invalidResponse"
            case .bodyTooLarge: "bodyTooLarge"
            case .unauthorized: "unauthorized"
            case .forbidden: "forbidden"
            case .notFound: "notFound"
            case .requestTimeout: "requestTimeout"
            case .conflict: "conflict"
            case .tooManyRequests: "tooManyRequests"
            case .server(let status): "server(\(status))"
            case .unexpectedStatus(let status): "unexpectedStatus(\(status))"
            case .errorEnvelope(let code): "errorEnvelope(\(code))"
            case .sessionExpired: "sessionExpired"
            case .journalRefused(let refusal): "journalRefused(\(refusal.name))"
            }
        }

        /// The status that produced this kind, for status kinds.
        public var status: Int? {
            switch self {
            case .unauthorized: 401
            case .forbidden: 403
            case .notFound: 404
            case .requestTimeout: 408
            case .conflict: 409
            case .tooManyRequests: 429
            case .server(let status), .unexpectedStatus(let status): status
            default: nil
            }
        }

        /// Transient failures that an idempotent call may retry: 408, 429, 500, 502, 503, 504 and a dropped
        /// connection.
        public var isTransient: Bool {
            switch self {
            case .requestTimeout, .tooManyRequests, .connectionLost: true
            case .server(let status): [500, 502, 503, 504].contains(status)
            default: false
            }
        }

        /// The condition of the whole app this kind means, if any: no connection, no answer in time, or no session
        /// (a refused refresh, no session at all, a 401 no refresh could fix).
        public var appWideCondition: AppWideCondition? {
            switch self {
            case .offline: .offline
            case .timedOut: .timedOut
            case .sessionExpired, .unauthorized: .sessionExpired
            default: nil
            }
        }
    }
}

extension HTTPClientError: CategorizedError {
    /// Cancelled is ignorable; a transient failure (for the retry decorator) and a 401 `token_expired` (for the
    /// authentication decorator) are recoverable; everything else is for the repository to map.
    public var category: ErrorCategory {
        switch kind {
        case .cancelled: .ignorable
        case .unauthorized where context.serverCode == AuthenticatingHTTPClient.expiredTokenCode: .recoverable
        case _ where kind.isTransient: .recoverable
        default: .unhandleable
        }
    }

    /// The failure as a developer reads it: status, server code, request id, trace id.
    public var diagnostic: Diagnostic {
        Diagnostic(
            error: journeyName, layer: .networking, status: context.status, serverCode: context.serverCode,
            requestID: context.requestID,
            retryAfterSeconds: context.retryAfter.map { Int($0.delay(from: Date()).secondsRoundedUp) },
            traceID: context.traceID)
    }

    /// The one ``diagnostic``.
    public var diagnostics: [Diagnostic] { [diagnostic] }
}

extension HTTPClientError: CustomStringConvertible, CustomDebugStringConvertible {
    /// `HTTPClientError.` and the kind's name, for example `HTTPClientError.server(503)`.
    public var journeyName: String { "HTTPClientError.\(kind.name)" }

    /// One line with the call's context: `HTTPClientError.forbidden: GET http://…/v1/wallet → 403 wallet_banned …`.
    public var description: String {
        var text = "\(journeyName): \(context.method) \(context.url)"
        if let status = context.status { text += " → \(status)" }
        if let code = context.serverCode { text += " \(code)" }
        text += " (attempt \(context.attempt), \(context.requestID))"
        if let retryAfter = context.retryAfter { text += ", Retry-After \(retryAfter) not waited for" }
        return text
    }

    /// The description plus the redacted body excerpt.
    public var debugDescription: String {
        guard let excerpt = context.bodyExcerpt else { return description }
        return description + " body: " + excerpt
    }
}
