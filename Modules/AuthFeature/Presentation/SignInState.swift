public import SharedError

/// Everything the sign-in screen shows.
public struct SignInState: Hashable, Sendable {
    /// Where the sign-in stands.
    public enum Phase: Hashable, Sendable {
        /// Nothing started, or the last attempt ended without a user.
        case idle
        /// The sheet or the backend call is under way.
        case signingIn
        /// Signed in; `name` is the user's name as shown.
        case signedIn(name: String)
    }

    /// Where the sign-in stands; `.idle` on a clean screen.
    public var phase: Phase = .idle
    /// What went wrong, as the screen presents it (an indicator for the sheet's failures, an alert for the account).
    public var error: PresentationError?
    /// A short line for the user, for example "Signed in as Ada Lovelace".
    public var message: String?

    /// Makes the state of a screen where nothing has started.
    public init() {}
}

extension SignInState: Encodable {
    private enum CodingKeys: String, CodingKey { case phase, signedInAs, error, message }

    /// Writes `phase` as `idle`, `signingIn` or `signedIn`, the user's name as `signedInAs` (or `null`), then the error
    /// and message.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch phase {
        case .idle:
            try container.encode("idle", forKey: .phase)
            try container.encodeNil(forKey: .signedInAs)
        case .signingIn:
            try container.encode("signingIn", forKey: .phase)
            try container.encodeNil(forKey: .signedInAs)
        case .signedIn(let name):
            try container.encode("signedIn", forKey: .phase)
            try container.encode(name, forKey: .signedInAs)
        }
        try container.encode(error, forKey: .error)
        try container.encode(message, forKey: .message)
    }
}
