public import SharedError

/// Everything the profile screen shows. The user may see their own email here, and only here.
public struct ProfileState: Hashable, Sendable {
    /// The user's name; `nil` until a profile has loaded.
    public var name: String?
    /// The user's email, empty when the backend had none; `nil` until a profile has loaded.
    public var email: String?
    /// The avatar's address; `nil` before loading or when the profile has no valid avatar.
    public var avatarURL: String?
    /// Whether a load is under way.
    public var isLoading = false
    /// The error the screen shows, or `nil` when there is none.
    public var error: PresentationError?
    /// Over last content shown because the backend could not be reached: its age, and "Try again".
    public var notice: PresentationError?

    /// Makes the state of a screen that has loaded nothing yet.
    public init() {}
}

extension ProfileState: Encodable {
    private enum CodingKeys: String, CodingKey { case name, email, avatarURL, isLoading, error, notice }

    /// Writes every field, `null` for those not set, as the JSON output shows the screen.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(avatarURL, forKey: .avatarURL)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
        try container.encode(notice, forKey: .notice)
    }
}
