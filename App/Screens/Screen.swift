/// The screens the CLI can show.
enum Screen: String, Hashable, Sendable, CaseIterable, Codable {
    case payments
    case wallet
    case signin
    case profile
    case transfer
    // new-feature: screens

    /// Whether the screen's calls carry the signed-in session.
    var needsSession: Bool { self != .signin }
}

/// What the user typed into the transfer form (or the id of a transfer to look up).
struct TransferInput: Hashable, Sendable {
    var toAccount: String
    var amount: String
    var currency = "EUR"
    var note = ""
    /// Look this transfer up instead of sending one.
    var statusOf: String?
    /// Make the transfer even if the same one was made today (`--again`).
    var again = false
}
