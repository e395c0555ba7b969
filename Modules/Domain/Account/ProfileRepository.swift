public import SharedError

/// Where the profile comes from. Declared here, implemented in the auth feature's `Data/`.
public protocol ProfileRepository: Sendable {
    /// The signed-in user's profile.
    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile
}

/// The profile repository's own vocabulary.
public enum ProfileRepositoryError: BackendCallError, Hashable {
    /// A field the profile cannot exist without (the id) was missing or invalid.
    case malformed(keyPath: String)
    /// The profile service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// Offline, timed out or signed out: the app's, not the profile's.
    case appWide(AppWideCondition)
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    /// Raised by the data layer.
    public static let owningLayer = JourneyLayer.data

    /// Cancelled is ignorable; an unexplained failure is `default`; the rest are for the screen. A malformed profile
    /// names its key path (`malformed(id)`), which is safe and says what broke.
    public var errorCase: ErrorCase {
        switch self {
        case .malformed(let keyPath): .unhandleable("malformed").naming(keyPath)
        case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
        case .appWide(let condition): .appWide(condition)
        case .cancelled: .cancelled
        }
    }
}
