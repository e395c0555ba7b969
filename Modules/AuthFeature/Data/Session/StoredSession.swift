public import Foundation
public import Networking

/// A signed-in session as it is kept on disk. Its descriptions never show the tokens.
public struct StoredSession: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token sent as the bearer; never shown by the descriptions.
    public var accessToken: String
    /// The token that `POST /v1/auth/refresh` exchanges for new tokens; never shown by the descriptions.
    public var refreshToken: String
    /// When the access token expires, as the backend said at sign-in or the last refresh.
    public var expiresAt: Date?
    /// The backend's id for the signed-in user.
    public var userID: String
    /// The name shown for the signed-in user.
    public var userName: String
    /// When the user signed in; kept across refreshes.
    public var signedInAt: Date?
    /// The backend that issued the tokens; they are sent to no other. `nil` for a session stored without an origin,
    /// whose tokens are sent nowhere (sign in again).
    public var origin: BackendOrigin?

    /// Makes a session from the tokens and user the backend returned; `origin` is the backend that issued them.
    public init(
        accessToken: String, refreshToken: String, expiresAt: Date?, userID: String, userName: String,
        signedInAt: Date? = nil, origin: BackendOrigin?
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
        self.userName = userName
        self.signedInAt = signedInAt
        self.origin = origin
    }

    /// Whether the session holds `credential`, so that a refusal of it is a refusal of this session.
    public func holds(_ credential: SessionCredential) -> Bool {
        switch credential {
        case .accessToken(let token): accessToken == token
        case .refreshToken(let token): refreshToken == token
        }
    }

    /// The user id with the tokens redacted.
    public var description: String { "StoredSession(user: \(userID), tokens: [redacted])" }
    /// The same as ``description``: tokens redacted.
    public var debugDescription: String { description }
}

extension StoredSession: Codable {
    /// Marks a file as a session this app wrote, so that the store never mistakes, replaces or removes anything else.
    static let format = "errorflow-session/1"

    private enum CodingKeys: String, CodingKey {
        case format, accessToken, refreshToken, expiresAt, userID, userName, signedInAt, origin
    }

    /// Reads a session written by this app: with the format marker, or without one but with every field a session
    /// has. Throws `DecodingError` for another format marker or a missing field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let format = try container.decodeIfPresent(String.self, forKey: .format), format != Self.format {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "not an errorflow session")
        }
        self.init(
            accessToken: try container.decode(String.self, forKey: .accessToken),
            refreshToken: try container.decode(String.self, forKey: .refreshToken),
            expiresAt: try container.decodeIfPresent(Date.self, forKey: .expiresAt),
            userID: try container.decode(String.self, forKey: .userID),
            userName: try container.decode(String.self, forKey: .userName),
            signedInAt: try container.decodeIfPresent(Date.self, forKey: .signedInAt),
            origin: try container.decodeIfPresent(BackendOrigin.self, forKey: .origin))
    }

    /// Writes every field with the format marker `errorflow-session/1`, so the store recognises the file as its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encode(refreshToken, forKey: .refreshToken)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encode(userID, forKey: .userID)
        try container.encode(userName, forKey: .userName)
        try container.encodeIfPresent(signedInAt, forKey: .signedInAt)
        try container.encodeIfPresent(origin, forKey: .origin)
    }
}

/// One of a session's tokens, as the backend refused it.
public enum SessionCredential: Hashable, Sendable {
    /// The access token the backend refused (`invalid_token`).
    case accessToken(String)
    /// The refresh token the backend refused (`invalid_grant`).
    case refreshToken(String)
}

/// Why the session store would not or could not write. Names the path and the problem, never the session.
public enum SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be written (a folder that cannot be created, a full disk, no permission).
    case unwritable(path: String, reason: String)
    /// Something other than this app's session is at the path; the store leaves it as it is.
    case notASessionFile(path: String, reason: String)
    /// Another process held the session file's lock for too long; nothing was written.
    case busy(path: String)

    /// The path and the problem, in words for the user; never the session.
    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "cannot write the session file \(path): \(reason)"
        case .notASessionFile(let path, let reason):
            "\(path.isEmpty ? "an empty path" : "'\(path)'") cannot be the session file: \(reason)"
        case .busy(let path): "the session file \(path) is being changed by another errorflow process"
        }
    }
}
