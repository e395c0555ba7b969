public import Foundation

/// A signed-in session as it is kept on disk. Its descriptions never show the tokens.
public struct StoredSession: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    public var accessToken: String
    public var refreshToken: String
    public var expiresAt: Date?
    public var userID: String
    public var userName: String

    public init(accessToken: String, refreshToken: String, expiresAt: Date?, userID: String, userName: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
        self.userName = userName
    }

    public var description: String { "StoredSession(user: \(userID), tokens: [redacted])" }
    public var debugDescription: String { description }
}

/// Why a session could not be written. The reason names the problem, never the session's content.
public enum SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "cannot write the session file \(path): \(reason)"
        }
    }
}
