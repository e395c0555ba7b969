/// A keyed write's send whose 2xx answer has not been read yet. Whoever reads the answer says whether it understood
/// it; until then the journal keeps the send as under way, so a run killed in between leaves the write pending. The
/// journal that made it (KeyedWrites) hands in what settling means.
public struct JournalledWrite: Hashable, Sendable {
    /// The `Idempotency-Key` it was sent under.
    public let key: String
    private let send: String
    private let journal: ObjectIdentifier
    private let settleMade: @Sendable (HTTPResponse) async -> Void
    private let leaveUnknownAction: @Sendable () async -> Void

    /// The send `send` of the write under `key`, in the journal `journal`: `settle` records it as made with its
    /// receipt, `leaveUnknown` as a send that may have been made.
    public init(
        key: String, send: String, journal: ObjectIdentifier,
        settle: @escaping @Sendable (HTTPResponse) async -> Void,
        leaveUnknown: @escaping @Sendable () async -> Void
    ) {
        self.key = key
        self.send = send
        self.journal = journal
        self.settleMade = settle
        self.leaveUnknownAction = leaveUnknown
    }

    /// The answer was read and understood: the write was made, and `response` is its receipt.
    public func settle(with response: HTTPResponse) async {
        await settleMade(response)
    }

    /// The answer came but could not be read: the write stays pending, to be sent again under its key.
    public func leaveUnknown() async {
        await leaveUnknownAction()
    }

    /// Whether both are the same send in the same journal.
    public static func == (lhs: JournalledWrite, rhs: JournalledWrite) -> Bool {
        lhs.key == rhs.key && lhs.send == rhs.send && lhs.journal == rhs.journal
    }

    /// Hashes the key and the send.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(send)
    }
}
