public import Foundation

/// The signed-in user's profile. Name and email may be defaults when the backend sent none (and was told).
public struct UserProfile: Hashable, Sendable, Codable {
    /// The backend's id for the user; a profile never exists without one.
    public var id: String
    /// The name to show; a default when the backend sent none.
    public var name: String
    /// The user's email address; empty when the backend sent none or an invalid one.
    public var email: String
    /// The avatar image's address; `nil` when there is none or it was not a valid URL.
    public var avatarURL: URL?
    /// Whether the backend sent it in this load, or it is the last content loaded; never stored.
    public var freshness: Freshness = .fresh

    /// Makes a profile from its fields as given; nothing is checked here.
    public init(id: String, name: String, email: String, avatarURL: URL?) {
        self.id = id
        self.name = name
        self.email = email
        self.avatarURL = avatarURL
    }

    private enum CodingKeys: String, CodingKey { case id, name, email, avatarURL }
}

/// Who is signed in, as sign-in reports it.
public struct SignedInUser: Hashable, Sendable {
    /// The backend's id for the user, or Apple's when the backend sent none.
    public var id: String
    /// The name to greet the user with.
    public var name: String

    /// Makes the result of a sign-in.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
