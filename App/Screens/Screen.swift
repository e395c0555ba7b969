import ArgumentParser

/// The screens the CLI can show.
package enum Screen: String, Hashable, Sendable, CaseIterable, Codable, ExpressibleByArgument {
    case payments
    case wallet
    case signin
    case profile
    case transfer
    // new-feature: screens

    /// Whether the screen's calls carry the signed-in session.
    package var needsSession: Bool { self != .signin }
}

/// What the user typed into the transfer form (or the id of a transfer to look up).
package struct TransferInput: Hashable, Sendable {
    package var toAccount: String
    package var amount: String
    package var currency = "EUR"
    package var note = ""
    /// Look this transfer up instead of sending one.
    package var statusOf: String?
    /// Make the transfer even if the same one was made today (`--again`).
    package var again = false

    package init(
        toAccount: String, amount: String, currency: String = "EUR", note: String = "", statusOf: String? = nil,
        again: Bool = false
    ) {
        self.toAccount = toAccount
        self.amount = amount
        self.currency = currency
        self.note = note
        self.statusOf = statusOf
        self.again = again
    }
}
