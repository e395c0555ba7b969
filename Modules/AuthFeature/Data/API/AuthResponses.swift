import Decoding
import Foundation
import Networking

/// `POST /v1/auth/apple`'s answer (`SignInTokens`): the tokens as ``IssuedTokens`` reads them, and the user.
struct TokenResponse: Decodable, DefectReporting {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int?
    /// Who signed in, as the backend says: the one source of the user's id (the session's, the journal's). Required,
    /// as `SignInTokens` says: an answer without it, or with a user without an id, is not a sign-in.
    let user: UserResponse
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case user }

    init(from decoder: any Decoder) throws {
        let issued = try IssuedTokens(from: decoder)
        (accessToken, refreshToken, expiresIn) = (issued.accessToken, issued.refreshToken, issued.expiresIn)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = try container.decode(UserResponse.self, forKey: .user)
        defects = issued.defects + user.defects
    }
}

/// `User` from the contract: the id is required (a string or a number); name, email and avatar fall back to
/// defaults and are reported.
struct UserResponse: Decodable, DefectReporting {
    static let defaultName = "Unnamed user"

    let id: String
    let name: String
    let email: String
    let avatarURL: URL?
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, name, email, avatarURL }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        id = try container.requiredIdentifier(forKey: .id)
        name = container.defaulted(
            String.self, forKey: .name, default: Self.defaultName, rule: "empty name", defects: &defects
        ) { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        email = container.defaulted(
            String.self, forKey: .email, default: "", rule: "not an email address", defects: &defects
        ) {
            let parts = $0.split(separator: "@")
            return parts.count == 2 && parts[1].contains(".")
        }
        avatarURL = container.lenient(ValidatedURL.self, forKey: .avatarURL, defects: &defects)?.url
        self.defects = defects
    }
}
