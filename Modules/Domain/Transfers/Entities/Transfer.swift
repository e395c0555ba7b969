public import Foundation

/// A transfer as the backend keeps it: money that left the wallet for another account.
public struct Transfer: Hashable, Sendable {
    /// The backend's id for the transfer, to ask for its status later.
    public var id: String
    /// Where the transfer stands, as the backend last said.
    public var status: TransferStatus
    /// The amount sent, in the transfer's currency.
    public var amount: Money
    /// The account the money went to; never empty.
    public var toAccount: String
    /// When the backend made the transfer; `nil` when it sent no readable ISO 8601 date.
    public var createdAt: Date?
    /// When the same form was sent earlier and made, if this is that transfer shown again: nothing new was sent.
    public var alreadySentAt: Date?

    /// Makes a transfer from its fields as given; nothing is checked here.
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
    /// The money has arrived.
    case completed
    /// The backend accepted the transfer and has not finished it.
    case pending
    /// A status this app version does not know.
    case other
}
