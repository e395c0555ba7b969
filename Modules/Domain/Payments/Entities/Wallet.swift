import Foundation

/// The user's wallet: a balance they can pay with.
public struct Wallet: Hashable, Sendable, Codable {
    /// The backend's id for the wallet.
    public var id: String
    /// What the user can pay with from the wallet.
    public var balance: Money
    /// Where the wallet stands; always `.active` for a wallet that arrived.
    public var status: WalletStatus
    /// Whether the backend sent it in this load, or it is the last content loaded; never stored.
    public var freshness: Freshness = .fresh

    /// Makes a wallet, active unless told otherwise.
    public init(id: String, balance: Money, status: WalletStatus = .active) {
        self.id = id
        self.balance = balance
        self.status = status
    }

    private enum CodingKeys: String, CodingKey { case id, balance, status }
}

/// Where a wallet stands.
///
/// A wallet that cannot be used yet does not arrive as a `Wallet`: the repository throws
/// ``WalletRepositoryError/inReview(_:)``, and each use case decides what that means for its screen.
public enum WalletStatus: String, Hashable, Sendable, Codable {
    /// Usable for payments.
    case active
}

/// How far the review of a new wallet has got.
public enum ReviewState: String, Hashable, Sendable, Codable, CaseIterable {
    /// The review has not started.
    case pending
    /// The review is under way.
    case beingProcessed
}
