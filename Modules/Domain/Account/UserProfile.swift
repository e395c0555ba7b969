public import Foundation

/// The signed-in user's profile. Name and email may be defaults when the backend sent none (and was told).
public struct UserProfile: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var email: String
    public var avatarURL: URL?

    public init(id: String, name: String, email: String, avatarURL: URL?) {
        self.id = id
        self.name = name
        self.email = email
        self.avatarURL = avatarURL
    }
}

/// Who is signed in, as sign-in reports it.
public struct SignedInUser: Hashable, Sendable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
