public import Foundation

/// A `Retry-After` header: a number of seconds, or an HTTP date.
public enum RetryAfter: Hashable, Sendable, CustomStringConvertible {
    /// Wait this many seconds (never negative).
    case seconds(Int)
    /// Wait until this moment on the wall clock.
    case date(Date)

    /// Parses `120` or `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 IMF-fixdate); anything else is `nil`.
    public init?(headerValue: String) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(value), seconds >= 0 {
            self = .seconds(seconds)
        } else if let date = HTTPDate.parse(value) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// How long to wait from `now` (never negative).
    public func delay(from now: Date) -> Duration {
        switch self {
        case .seconds(let seconds):
            return .seconds(seconds)
        case .date(let date):
            let interval = date.timeIntervalSince(now)
            return interval > 0 ? .milliseconds(Int64((interval * 1000).rounded(.up))) : .zero
        }
    }

    /// `120 s` for seconds, the IMF-fixdate for a date.
    public var description: String {
        switch self {
        case .seconds(let seconds): "\(seconds) s"
        case .date(let date): HTTPDate.format(date)
        }
    }
}

/// The HTTP date format (RFC 9110 IMF-fixdate), parsed and written by hand: `DateFormatter` is neither cheap
/// nor `Sendable`.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    static func parse(_ text: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), weekdays.contains(String(parts[0].dropLast())),
            parts[5] == "GMT", let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = time[0]
        components.minute = time[1]
        components.second = time[2]
        return gregorianUTC.date(from: components)
    }

    static func format(_ date: Date) -> String {
        let parts = gregorianUTC.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        func twoDigits(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : "\(number)"
        }
        return "\(weekdays[(parts.weekday ?? 1) - 1]), \(twoDigits(parts.day)) \(months[(parts.month ?? 1) - 1]) "
            + "\(parts.year ?? 1970) \(twoDigits(parts.hour)):\(twoDigits(parts.minute)):\(twoDigits(parts.second)) GMT"
    }

    private static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? .current
        return calendar
    }()
}
