public import SharedError

/// Everything the wallet page shows.
public struct WalletPageState: Hashable, Sendable {
    /// The balance as written on screen (`EUR 12.50`); `nil` until a wallet has loaded.
    public var balance: String?
    /// The wallet's status in the user's language (`active`); `nil` until a wallet has loaded.
    public var status: String?
    /// Whether a load is under way.
    public var isLoading = false
    /// Shown inline for the wallet's own states (none yet, banned, in review), with the way forward it offers
    /// ("Create a wallet"); an alert for the unexplained.
    public var error: PresentationError?
    /// Over last content shown because the backend could not be reached: its age, and "Try again".
    public var notice: PresentationError?

    /// Makes the state of a page that has loaded nothing yet.
    public init() {}
}

extension WalletPageState: Encodable {
    private enum CodingKeys: String, CodingKey { case balance, status, isLoading, error, notice }

    /// Writes every field, `null` for those not set, as the JSON output shows the page.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(balance, forKey: .balance)
        try container.encode(status, forKey: .status)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
        try container.encode(notice, forKey: .notice)
    }
}
