/// The four general kinds of error every error declares one of. What each means for the layer an error reaches is
/// stated once, in ``ErrorPolicy``.
public enum ErrorCategory: String, Sendable, CaseIterable, Codable {
    /// Nothing to tell the user: they cancelled sign-in themselves, or the load they started was cancelled.
    case ignorable
    /// Some layer can recover: the chain refreshes an expired token and replays, or retries a transient 503.
    case recoverable
    /// The layer that raised it could not handle it; the next one handles it in its own terms (maps it, works
    /// around it, words it for the user) or hands it on.
    case unhandleableHere
    /// Nobody explained it: it travels up unexplained, and Navigation presents the last line of defence.
    case `default`

    /// A short tag for the text journey: `ignorable`, `recoverable`, `unhandleable`, `default`.
    public var tag: String {
        self == .unhandleableHere ? "unhandleable" : rawValue
    }
}

/// An error that declares which of the four general kinds it belongs to.
public protocol CategorizedError: Error {
    /// The kind of error, which tells a layer whether to ignore, recover, handle or forward it, or present the
    /// default (``ErrorPolicy/reaction(to:canRecover:)``).
    var category: ErrorCategory { get }
}
