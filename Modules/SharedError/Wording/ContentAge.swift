public import Foundation

/// When content shown from an earlier load was loaded, as a screen and the journey tell it: `10:02` on the day it is
/// told, `25 Nov, 10:02` (in the language's order) before that.
public enum ContentAge {
    /// `date` as the time of day when it falls on the same day as `now` (in `timeZone`), else with its day too.
    public static func time(
        of date: Date, now: Date, in language: Language, timeZone: TimeZone = .current
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = language.locale
        formatter.timeZone = timeZone
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateFormat = "HH:mm"
        } else {
            formatter.setLocalizedDateFormatFromTemplate("dMMMHHmm")
        }
        return formatter.string(from: date)
    }
}

extension PresentationError {
    /// The notice over a screen's last content, loaded at `since` and shown because the backend could not be reached
    /// (`offline`: `Showing content from 10:02 — you are offline.`) or did not answer in time (`timedOut`), with
    /// "Try again". The feature's own wording gives both texts, each with one `%@` for the time.
    public static func lastContentNotice<Words: Wording>(
        since: Date, becauseItTimedOut: Bool, now: Date, in language: Language, offline: Words, timedOut: Words
    ) -> PresentationError {
        let words = becauseItTimedOut ? timedOut : offline
        return PresentationError(
            key: words.rawValue, title: words.text(in: language, ContentAge.time(of: since, now: now, in: language)),
            presentation: .indicator, iconName: "clock.arrow.circlepath",
            actions: [PresentedAction(.retry, in: language)])
    }
}
