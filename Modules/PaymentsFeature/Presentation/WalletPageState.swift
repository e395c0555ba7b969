public import SharedError

/// Everything the wallet page shows.
public struct WalletPageState: Hashable, Sendable {
    public var balance: String?
    public var status: String?
    public var isLoading = false
    /// Shown inline for the wallet's own states (none yet, banned, in review); an alert for the unexplained.
    public var error: PresentationError?
    /// The way forward offered with the error, for example "Create a wallet".
    public var action: String?

    public init() {}
}

extension WalletPageState: Encodable {
    private enum CodingKeys: String, CodingKey { case balance, status, isLoading, error, action }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(balance, forKey: .balance)
        try container.encode(status, forKey: .status)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
        try container.encode(action, forKey: .action)
    }
}
