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
