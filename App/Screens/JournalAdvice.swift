import Foundation
import Networking

/// The one line a run prints when the pending-writes journal withheld a write: what happened, which file, and what
/// to do.
enum JournalAdvice {
    /// `nothing was sent: <what happened>; <what to do>`.
    static func line(for refusal: JournalRefusal, baseURL: URL) -> String {
        let url = baseURL.absoluteString
        let advice =
            switch refusal {
            case .busy:
                "try again when the other run has finished"
            case .unusable:
                "fix it or move it away (nothing in it was changed), then send again"
            case .full:
                "settle the waiting ones with `\(Console.binaryName) transfer --pending --base-url \(url)`; receipts of made "
                    + "transfers are kept for 24 hours"
            case .unresolvedAndExpired(_, let key):
                "check your wallet, then let it go with `\(Console.binaryName) transfer --pending --dismiss \(key.prefix(8)) "
                    + "--base-url \(url)`"
            case .waitingElsewhere(let backend, _, let key):
                "see it with `\(Console.binaryName) transfer --pending --base-url \(backend)`, let it go with "
                    + "`\(Console.binaryName) transfer --pending --dismiss \(key.prefix(8)) --base-url \(backend)`, or add --again "
                    + "to send a new one"
            case .madeEarlier:
                "add --again to make it once more"
            case .tooLarge:
                "nothing this app sends is that long; report it"
            }
        return "nothing was sent: \(refusal); \(advice)"
    }
}
