/// What one remote call told about the backend: it answered in the contract's terms, it could not be used, or
/// the call says nothing either way. A run reads these to tell "the backend refused" (or "the backend has a bug
/// in one field") from "this is not a backend that speaks the contract at all".
public enum BackendAnswer: Hashable, Sendable {
    /// A value, one of the contract's documented error answers (a code in the error body, an envelope), or the
    /// contract's JSON with one broken field.
    case answered
    /// Unreachable, or an answer outside the contract: a page, a redirect, a broken body, a dropped connection.
    case unusable(reason: String)
    /// Nothing was learnt: the call was cancelled, there was no session, the backend was merely slow, or the write
    /// was never sent.
    case inconclusive

    /// What a failed call says about the backend.
    public init(_ error: HTTPClientError) {
        switch error.kind {
        case .offline: self = .unusable(reason: "it cannot be reached")
        case .connectionLost: self = .unusable(reason: "it dropped the connection")
        case .invalidResponse: self = .unusable(reason: "it did not answer with HTTP")
        case .bodyTooLarge(let limit): self = .unusable(reason: "it sent a body over \(limit) bytes")
        case .timedOut, .cancelled, .sessionExpired, .journalRefused: self = .inconclusive
        case .errorEnvelope: self = .answered
        case .unexpectedStatus(let status) where (300..<400).contains(status):
            self = .unusable(reason: "it answered with a redirect (HTTP \(status)), which the contract has none of")
        case let kind:
            if error.context.serverCode != nil {
                self = .answered
            } else {
                let status = kind.status.map { "HTTP \($0)" } ?? kind.name
                self = .unusable(reason: "it answered \(status) without the contract's error body")
            }
        }
    }
}

/// Hears what each remote call told about the backend (``BackendObservingHTTPClient`` tells it); the CLI
/// implements it to choose its exit code.
public protocol BackendAnswerObserving: Sendable {
    /// What the call to `endpoint` said.
    func observe(_ answer: BackendAnswer, endpoint: String)

    /// Whether a 2xx body should still be parsed to tell ``BackendAnswer/answered`` from
    /// ``BackendAnswer/unusable(reason:)``. Once no body could change what the observer concludes, the body is left
    /// to the repository alone and the call is told as ``BackendAnswer/inconclusive``.
    var wantsBodiesChecked: Bool { get }
}

extension BackendAnswerObserving {
    /// Every 2xx body is checked.
    public var wantsBodiesChecked: Bool { true }
}
