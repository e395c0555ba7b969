public import Foundation
public import Networking

/// A signed-in session as it is kept on disk. Its descriptions never show the tokens.
public struct StoredSession: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public var accessToken: String
    public var refreshToken: String
    /// When the access token expires, as the backend said at sign-in or the last refresh.
    public var expiresAt: Date?
    public var userID: String
    public var userName: String
    /// When the user signed in; kept across refreshes.
    public var signedInAt: Date?
    /// The backend that issued the tokens; they are sent to no other. `nil` for a session an earlier version wrote,
    /// which is sent nowhere (sign in again).
    public var origin: BackendOrigin?

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

    public var description: String { "StoredSession(user: \(userID), tokens: [redacted])" }
    public var debugDescription: String { description }
}

extension StoredSession: Codable {
    /// Marks a file as a session this app wrote, so that the store never mistakes, replaces or removes anything else.
    static let format = "errorflow-session/1"

    private enum CodingKeys: String, CodingKey {
        case format, accessToken, refreshToken, expiresAt, userID, userName, signedInAt, origin
    }

    /// Reads a session written by this app: with the format marker, or (from an earlier version) without one but
    /// with every field a session has.
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
    case accessToken(String)
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

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "cannot write the session file \(path): \(reason)"
        case .notASessionFile(let path, let reason):
            "\(path.isEmpty ? "an empty path" : "'\(path)'") cannot be the session file: \(reason)"
        case .busy(let path): "the session file \(path) is being changed by another errorflow process"
        }
    }
}
