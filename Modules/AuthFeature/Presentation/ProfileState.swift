public import SharedError

/// Everything the profile screen shows. The user may see their own email here, and only here.
public struct ProfileState: Hashable, Sendable {
    public var name: String?
    public var email: String?
    public var avatarURL: String?
    public var isLoading = false
    public var error: PresentationError?

    public init() {}
}

extension ProfileState: Encodable {
    private enum CodingKeys: String, CodingKey { case name, email, avatarURL, isLoading, error }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(avatarURL, forKey: .avatarURL)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
    }
}
