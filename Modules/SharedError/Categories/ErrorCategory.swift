/// The four general kinds of error from "Error Flow": what a layer may do with an error that reaches it.
public enum ErrorCategory: String, Sendable, CaseIterable, Codable {
    /// Nothing to tell the user: they cancelled sign-in themselves.
    case ignorable
    /// The layer can recover: refresh an expired token and replay, retry a transient 503.
    case recoverable
    /// This layer cannot handle it; it forwards the error, or the caller works around it.
    case unhandleableHere
    /// The last line of defence: tell the user that something went wrong.
    case `default`
}

/// An error that declares which of the four general kinds it belongs to.
public protocol CategorizedError: Error {
    /// The kind of error, which tells a layer whether to ignore, recover, forward or present it.
    var category: ErrorCategory { get }
}
