public import Networking
import SharedError

/// Collects what each remote call said about the backend, so a run can tell "the backend refused" apart from
/// "this backend could not be used at all" (unreachable, or not speaking the contract).
public final class BackendUsage: BackendAnswerObserving {
    private let answers = LockedState<[BackendAnswer]>([])

    /// Keeps what one remote call said about the backend.
    public func observe(_ answer: BackendAnswer, endpoint: String) {
        answers.withLock { $0.append(answer) }
    }

    /// Why the backend could not be used, when every call that said anything said it could not; `nil` when any
    /// call got an answer that kept the contract, or no call said anything.
    public var unusableReason: String? {
        let conclusive = answers.withLock { $0 }.filter { $0 != .inconclusive }
        guard !conclusive.isEmpty else { return nil }
        var reasons: [String] = []
        for answer in conclusive {
            guard case .unusable(let reason) = answer else { return nil }
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons.joined(separator: "; ")
    }
}
