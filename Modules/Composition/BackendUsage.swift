public import Networking
import SharedError

/// Collects what each remote call said about the backend, so a run can tell "the backend refused" apart from
/// "this backend could not be used at all" (unreachable, or not speaking the contract).
///
/// Bounded however many calls a process makes (a load run makes millions): it keeps whether any call got a
/// contract answer, and the distinct reasons of the others, at most ``reasonLimit``.
public final class BackendUsage: BackendAnswerObserving {
    /// The most distinct reasons kept; the rest are told as one more.
    public static let reasonLimit = 8

    private struct Seen {
        var answered = false
        var reasons: [String] = []
        var moreReasons = false
    }

    private let seen = LockedState(Seen())

    /// Knows nothing yet.
    public init() {}

    /// Keeps what one remote call said about the backend.
    public func observe(_ answer: BackendAnswer, endpoint: String) {
        seen.withLock { seen in
            switch answer {
            case .answered: seen.answered = true
            case .inconclusive: break
            case .unusable(let reason):
                guard !seen.reasons.contains(reason) else { return }
                if seen.reasons.count < Self.reasonLimit {
                    seen.reasons.append(reason)
                } else {
                    seen.moreReasons = true
                }
            }
        }
    }

    /// Whether a 2xx body still needs checking: only until the backend has answered once in the contract's terms,
    /// since after that no body changes ``unusableReason``.
    public var wantsBodiesChecked: Bool {
        !seen.withLock { $0.answered }
    }

    /// Why the backend could not be used, when every call that said anything said it could not; `nil` when any
    /// call got an answer that kept the contract, or no call said anything.
    public var unusableReason: String? {
        let seen = seen.withLock { $0 }
        guard !seen.answered, !seen.reasons.isEmpty else { return nil }
        return (seen.reasons + (seen.moreReasons ? ["more"] : [])).joined(separator: "; ")
    }
}
