public import Foundation

/// Why the pending-writes journal did not let a keyed write be sent. Nothing was sent, and nothing in the journal
/// was removed. Names files and times, never what was written.
public enum JournalRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process held the journal's lock for longer than the journal waits.
    case busy(path: String)
    /// The journal file cannot be read, decoded or written (`problem` says which); it is left as it is.
    case unusable(path: String, problem: String)
    /// The backend's share of the journal is full (`limit` writes), `waiting` of them with their outcome unknown.
    case full(limit: Int, waiting: Int)
    /// The same write, sent `since` under `key`, may have been made, and its key has expired: sent again under it or
    /// a new one, it could be made twice.
    case unresolvedAndExpired(since: Date, key: String)
    /// The same write (operation and body) waits, with its outcome unknown, for another backend name or another
    /// user: sent `since` to `backend` (its origin and base path) under `key`. Sent anew here, it could be made twice.
    case waitingElsewhere(backend: String, since: Date, key: String)
    /// The same write was made at `at` (when its answer was read): here, with its receipt too long to keep, or
    /// (`elsewhere`, its origin and base path) under another backend name or another user within its key's
    /// lifetime, where its receipt stays.
    case madeEarlier(at: Date, elsewhere: String? = nil)
    /// The body is longer than the journal keeps (`limit` bytes).
    case tooLarge(bytes: Int, limit: Int)

    /// The case's name, for journeys: `busy`, `unresolvedAndExpired`.
    public var name: String {
        switch self {
        case .busy: "busy"
        case .unusable: "unusable"
        case .full: "full"
        case .unresolvedAndExpired: "unresolvedAndExpired"
        case .waitingElsewhere: "waitingElsewhere"
        case .madeEarlier: "madeEarlier"
        case .tooLarge: "tooLarge"
        }
    }

    /// What happened, in one line; the CLI adds what to do.
    public var description: String {
        switch self {
        case .busy(let path):
            "the pending-writes journal \(path) is being changed by another errorflow process"
        case .unusable(let path, let problem):
            "the pending-writes journal \(path) cannot be used: \(problem)"
        case .full(let limit, let waiting):
            "the pending-writes journal holds \(limit) writes to this backend (\(waiting) with their outcome unknown)"
        case .unresolvedAndExpired(let since, _):
            "the same write, sent \(Self.time(since)), may have been made, and its key has expired"
        case .waitingElsewhere(let backend, let since, _):
            "the same write, sent \(Self.time(since)) to \(backend), waits there with its outcome unknown"
        case .madeEarlier(let at, let elsewhere):
            "the same write was made \(Self.time(at))" + (elsewhere.map { " at \($0)" } ?? "")
        case .tooLarge(let bytes, let limit):
            "its body of \(bytes) bytes is longer than the pending-writes journal keeps (\(limit))"
        }
    }

    private static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
