public import Domain
public import SharedError

/// Everything the transfer screen shows: the form as the user typed it (kept through every outcome, sign-in
/// included), the errors on its fields, an error about the whole transfer, and the receipt.
public struct TransferFormState: Hashable, Sendable {
    /// Where the form stands.
    public enum Phase: String, Hashable, Sendable {
        /// `editing`: being filled in; `sending`: a send is under way; `sent`: a receipt is shown.
        case editing, sending, sent
    }

    /// A transfer the backend has, as the receipt shows it.
    public struct Receipt: Hashable, Sendable, Encodable {
        /// The backend's id for the transfer.
        public var id: String
        /// `completed`, `pending`, or `unknown` for a status this app version does not know.
        public var status: String
        /// The amount as written on screen: `EUR 12.50`.
        public var amount: String
        /// The account the money went to.
        public var toAccount: String
    }

    /// The receiving account as typed.
    public var toAccount = ""
    /// The amount as typed, not yet checked.
    public var amount = ""
    /// The currency code as typed; `EUR` to start with.
    public var currency = "EUR"
    /// The note as typed; empty for none.
    public var note = ""
    /// Where the form stands; `.editing` to start with.
    public var phase = Phase.editing
    /// What to fix, by field, in the app's own words.
    public var fieldErrors: [TransferField: String] = [:]
    /// An error about the transfer as a whole.
    public var error: PresentationError?
    /// The transfer the last send or look-up returned, or `nil`.
    public var receipt: Receipt?
    /// A line under the form ("Sent once", "Nothing was sent").
    public var message: String?

    /// Makes an empty form in euros.
    public init() {}

    /// Clears what the last send or look-up showed, keeping what the user typed.
    public mutating func clearOutcome() {
        self = Self(toAccount: toAccount, amount: amount, currency: currency, note: note)
    }

    private init(toAccount: String, amount: String, currency: String, note: String) {
        (self.toAccount, self.amount, self.currency, self.note) = (toAccount, amount, currency, note)
    }
}

extension TransferFormState: Encodable {
    private enum CodingKeys: String, CodingKey {
        case toAccount, amount, currency, note, phase, fieldErrors, error, receipt, message
    }

    /// Every key, `null` included, so scripts can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(toAccount, forKey: .toAccount)
        try container.encode(amount, forKey: .amount)
        try container.encode(currency, forKey: .currency)
        try container.encode(note, forKey: .note)
        try container.encode(phase.rawValue, forKey: .phase)
        try container.encode(
            Dictionary(uniqueKeysWithValues: fieldErrors.map { ($0.key.rawValue, $0.value) }), forKey: .fieldErrors)
        try container.encode(error, forKey: .error)
        try container.encode(receipt, forKey: .receipt)
        try container.encode(message, forKey: .message)
    }
}

extension TransferFormState.Receipt {
    init(_ transfer: Transfer, in language: Language) {
        self.init(
            id: transfer.id, status: transfer.status == .other ? "unknown" : transfer.status.rawValue,
            amount: transfer.amount.formatted(in: language), toAccount: transfer.toAccount)
    }
}
