public import SharedError

/// Everything the sign-in screen shows.
public struct SignInState: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case idle
        case signingIn
        case signedIn(name: String)
    }

    public var phase: Phase = .idle
    /// What went wrong, as the screen presents it (an indicator for the sheet's failures, an alert for the account).
    public var error: PresentationError?
    /// A short line for the user, for example "Signed in as Ada Lovelace".
    public var message: String?

    public init() {}
}

extension SignInState: Encodable {
    private enum CodingKeys: String, CodingKey { case phase, signedInAs, error, message }

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
