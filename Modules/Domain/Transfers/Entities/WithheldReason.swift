/// Why the app did not send a transfer although it could reach the backend: it could not record the send first, or
/// sending it could make it twice. Nothing was sent, and nothing the app remembers of earlier sends was lost.
public enum WithheldReason: String, Hashable, Sendable, CaseIterable {
    /// Another run of the app is changing its record of sends; sending once it has finished is safe.
    case recordBusy
    /// The app's record of sends cannot be read or written, so the send could not be recorded first.
    case recordUnusable
    /// The record of sends to this backend is full of sends that wait for their outcome or were made today.
    case recordFull
    /// The same transfer was sent earlier and whether it was made is unknown (over a day ago, or under another name
    /// of the backend or another sign-in); sending it again could make it twice, so the user decides.
    case earlierSendUnresolved
    /// The same transfer was made earlier today; sending it again takes the user's explicit word.
    case alreadyMade
}
