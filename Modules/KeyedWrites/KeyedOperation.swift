public import Networking

/// What the backend's contract says about one keyed operation (`POST /v1/transfers`): which answers under a write's
/// own `Idempotency-Key` are final. Each feature's Data layer declares its own; the composition hands them to the
/// journal. A keyed write to an operation nobody declared is settled by a 2xx answer that was read, and by nothing
/// else.
public struct KeyedOperation: Hashable, Sendable {
    /// An answer as the contract names it: a status, and the `error` code it carries (`nil`: any code, or none).
    public struct Answer: Hashable, Sendable {
        /// The HTTP status.
        public var status: Int
        /// The contract's `error` code; `nil` matches any.
        public var code: String?

        /// An answer with `status` and, if given, `code`.
        public init(_ status: Int, _ code: String? = nil) {
            self.status = status
            self.code = code
        }

        func matches(status: Int?, code: String?) -> Bool {
            self.status == status && (self.code == nil || self.code == code)
        }
    }

    /// The method, uppercase (`POST`).
    public var method: String
    /// The contract's path (`/v1/transfers`).
    public var path: String
    /// Answers that mean the write was not made, by this attempt or any other under the same key: the backend looks
    /// the key up first, and a key whose write was made is answered with that write.
    public var notMade: Set<Answer>
    /// Answers given before the backend acts on anything (authentication): the attempt made nothing, and says
    /// nothing about earlier attempts.
    public var madeNothing: Set<Answer>

    /// An operation with its final answers; a 401 (any code) made nothing unless said otherwise.
    public init(
        method: HTTPMethod, path: String, notMade: Set<Answer>, madeNothing: Set<Answer> = [Answer(401)]
    ) {
        self.method = method.rawValue
        self.path = path
        self.notMade = notMade
        self.madeNothing = madeNothing
    }

    /// An operation nobody declared: nothing but a 2xx that was read settles its writes.
    static func undeclared(method: String, path: String) -> KeyedOperation {
        var operation = KeyedOperation(method: .post, path: path, notMade: [], madeNothing: [])
        operation.method = method
        return operation
    }

    /// What one failed attempt under its own key shows about the write.
    func evidence(of error: HTTPClientError) -> AttemptEvidence {
        switch error.kind {
        case .offline:
            return .madeNothing
        case .unauthorized, .forbidden, .notFound, .requestTimeout, .conflict, .tooManyRequests, .server,
            .unexpectedStatus:
            let (status, code) = (error.kind.status, error.context.serverCode)
            if notMade.contains(where: { $0.matches(status: status, code: code) }) { return .notMade }
            if madeNothing.contains(where: { $0.matches(status: status, code: code) }) { return .madeNothing }
            return .mayBeMade
        case .timedOut, .cancelled, .connectionLost, .invalidResponse, .bodyTooLarge, .errorEnvelope, .sessionExpired,
            .journalRefused:
            return .mayBeMade
        }
    }
}

/// What one attempt of a keyed write showed.
enum AttemptEvidence: Hashable, Sendable {
    /// It made nothing (no connection; an answer given before the backend acts), and tells nothing of others.
    case madeNothing
    /// It may have reached the backend, and its answer is not final.
    case mayBeMade
    /// An answer under the write's key that the contract names as final: not made, by any attempt.
    case notMade
    /// A 2xx answer came; whoever reads it decides.
    case answered
}
