import Domain
import Foundation
import SharedError

extension PresentationError {
    /// The notice over a screen's last content (`Showing content from 10:02 — you are offline.`, with "Try again"), or
    /// `nil` for content the backend sent in this load.
    static func lastContentNotice(_ freshness: Freshness, now: Date, in language: Language) -> PresentationError? {
        guard case .stale(let since, let condition) = freshness else { return nil }
        return .lastContentNotice(
            since: since, becauseItTimedOut: condition == .timedOut, now: now, in: language,
            offline: AuthWording.lastContentOffline, timedOut: AuthWording.lastContentTimedOut)
    }
}
