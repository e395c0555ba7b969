public import SharedError

/// The error of one source a use case gathers from (a repository, a vendor facade): what the use case needs to
/// decide about it by the error's category (``ErrorPolicy``), and whether it is a condition of the whole app that
/// no single source can work around.
public protocol SourceFailure: Error, Sendable, CategorizedError, JourneyDescribable, Diagnosable {
    /// Offline, timed out or signed out: not this source's problem, and the use case stops for it.
    var appWide: AppWideCondition? { get }
}

/// A condition of the whole app, met on the way through one source.
public enum AppWideCondition: Hashable, Sendable {
    case shared(APIError)
    case sessionExpired
}

extension Diagnostic {
    /// A stand-in diagnostic for tests that need one value of a case carrying one.
    public static let sample = Diagnostic(error: "HTTPClientError.server(500)", layer: .networking, status: 500)
}
