public import SharedError

/// Where the profile comes from. Declared here, implemented in the auth feature's `Data/`.
public protocol ProfileRepository: Sendable {
    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile
}

/// The profile repository's own vocabulary.
public enum ProfileRepositoryError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError {
    /// A field the profile cannot exist without (the id) was missing or invalid.
    case malformed(keyPath: String)
    /// The profile service failed in a way it cannot explain.
    case unavailable
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired

    public static let allCases: [ProfileRepositoryError] =
        [.malformed(keyPath: "id"), .unavailable] + APIError.allCases.map(Self.shared) + [.sessionExpired]

    public var journeyName: String {
        switch self {
        case .malformed(let keyPath): "ProfileRepositoryError.malformed(\(keyPath))"
        case .unavailable: "ProfileRepositoryError.unavailable"
        case .shared(let error): "ProfileRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "ProfileRepositoryError.sessionExpired"
        }
    }

    public var category: ErrorCategory { .unhandleableHere }
}
