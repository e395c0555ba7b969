public import Domain
public import Foundation
public import SharedError

extension PresentationError {
    /// The notice over a screen's last content (`Showing content from 10:02 — you are offline.`, with "Try again"), or
    /// `nil` for content the backend sent in this load.
    static func lastContentNotice(_ freshness: Freshness, now: Date, in language: Language) -> PresentationError? {
        guard case .stale(let since, let condition) = freshness else { return nil }
        let words: AuthWording = condition == .timedOut ? .lastContentTimedOut : .lastContentOffline
        return PresentationError(
            key: words.rawValue, title: words.text(in: language, ContentAge.time(of: since, now: now, in: language)),
            presentation: .indicator, iconName: "clock.arrow.circlepath",
            actions: [PresentedAction(.retry, in: language)])
    }
}
