public import SharedError

/// Where the profile comes from. Declared here, implemented in the auth feature's `Data/`.
public protocol ProfileRepository: Sendable {
    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile
}

/// The profile repository's own vocabulary.
public enum ProfileRepositoryError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// A field the profile cannot exist without (the id) was missing or invalid.
    case malformed(keyPath: String)
    /// The profile service failed in a way it cannot explain.
    case unavailable(Diagnostic)
    /// An app-wide network condition.
    case shared(APIError)
    /// The session is over; the user must sign in.
    case sessionExpired
    /// The call was cancelled; nobody needs to hear about it.
    case cancelled

    public var journeyName: String {
        switch self {
        case .malformed(let keyPath): "ProfileRepositoryError.malformed(\(keyPath))"
        case .unavailable: "ProfileRepositoryError.unavailable"
        case .shared(let error): "ProfileRepositoryError.shared(\(error.journeyName))"
        case .sessionExpired: "ProfileRepositoryError.sessionExpired"
        case .cancelled: "ProfileRepositoryError.cancelled"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .unavailable: .default
        case .malformed, .shared, .sessionExpired: .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .unavailable(let diagnostic) = self { return [diagnostic] }
        return [Diagnostic(error: journeyName, layer: .data)]
    }
}

extension ProfileRepositoryError: SampledCases {
    public enum CaseName: CaseIterable { case malformed, unavailable, shared, sessionExpired, cancelled }

    public var caseName: CaseName {
        switch self {
        case .malformed: .malformed
        case .unavailable: .unavailable
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .malformed: [.malformed(keyPath: "id")]
        case .unavailable: [.unavailable(.sample)]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .cancelled: [.cancelled]
        }
    }
}
