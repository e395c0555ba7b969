public import Foundation
public import SharedError

/// How current a loaded value is: what the backend just sent, or the last content loaded, shown because the backend
/// could not be reached or did not answer in time. The domain knows no more of where stale content is kept.
public enum Freshness: Hashable, Sendable {
    /// The backend sent it in this load.
    case fresh
    /// The last content loaded, at `since`; this load met `because` (offline or timed out).
    case stale(since: Date, because: AppWideCondition)

    /// When the content was loaded, if it is stale.
    public var staleSince: Date? {
        guard case .stale(let since, _) = self else { return nil }
        return since
    }

    /// The older of two freshnesses: stale content anywhere makes the whole stale, from its oldest part.
    public func combined(with other: Freshness) -> Freshness {
        switch (self, other) {
        case (.fresh, _): other
        case (_, .fresh): self
        case (.stale(let mine, _), .stale(let theirs, _)): theirs < mine ? other : self
        }
    }
}
