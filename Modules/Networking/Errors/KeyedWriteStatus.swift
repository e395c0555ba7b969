/// What the journal knows of a keyed write once a send has ended.
public enum KeyedWriteStatus: Hashable, Sendable {
    /// It was made (a 2xx answer was read).
    case made
    /// It left the journal: not made (a final answer, or no send ever reached the backend), or let go by the user.
    case settled
    /// It may have been made: it stays in the journal, and the same write again goes out under its key.
    case pending
}
