public import Foundation

/// A transfer as the backend keeps it: money that left the wallet for another account.
public struct Transfer: Hashable, Sendable {
    public var id: String
    public var status: TransferStatus
    public var amount: Money
    public var toAccount: String
    public var createdAt: Date?

    public init(id: String, status: TransferStatus, amount: Money, toAccount: String, createdAt: Date?) {
        self.id = id
        self.status = status
        self.amount = amount
        self.toAccount = toAccount
        self.createdAt = createdAt
    }
}

/// Where a transfer stands; a status this app version does not know is kept as `other` (and reported).
public enum TransferStatus: String, Hashable, Sendable, CaseIterable, Codable {
    case completed
    case pending
    case other
}
