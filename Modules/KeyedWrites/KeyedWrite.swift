public import Foundation
public import Networking
import SharedError

/// One keyed write (a POST or PATCH with an `Idempotency-Key`) as the pending-writes journal knows it: what was
/// sent, to which backend for which user, under which key, and what is known of its outcome.
///
/// Its states, the events that move it and every transition are here and nowhere else; ARCHITECTURE.md ("A keyed
/// write") has the table and `KeyedWriteTests` runs every state against every event.
///
/// The rule every transition keeps: a write leaves "not known to be made" only on proof. Proof is a 2xx answer that
/// was read (``Outcome/made(_:)``); an answer under the write's own key that its operation's contract names as
/// final (``Outcome/notMade``); or knowing that no send of it ever reached the backend: every send ended without
/// reaching it, and no other send is under way or was cut off (``Outcome/notReached``). The failure of a later send
/// never settles an earlier send that may have been made.
public struct KeyedWrite: Hashable, Sendable {
    /// What is known of the write's outcome.
    public enum State: Hashable, Sendable {
        /// Not known to be made.
        ///
        /// - `sends`: the sends under way, in this process or another. A send cut off by a kill never ends, so it
        ///   stays here for good, and nothing is ever concluded on its behalf.
        /// - `mayBeMade`: a send that ended may have reached the backend.
        case pending(sends: Set<SendID>, mayBeMade: Bool)
        /// Made: a 2xx answer was read. Kept until the key expires, so the same write again shows this receipt
        /// instead of being sent.
        case made(Receipt)
    }

    /// What happens to a write.
    public enum Event: Hashable, Sendable {
        /// A send under the write's key begins.
        case sendBegan(SendID)
        /// A send under the write's key ended, having shown `outcome`.
        case sendEnded(SendID, Outcome)
        /// The user let the write go (`transfer --pending --dismiss`).
        case dismissed
    }

    /// What one send showed about the write.
    public enum Outcome: Hashable, Sendable {
        /// A 2xx answer was read: the write was made, and this is its receipt.
        case made(Receipt)
        /// An answer under the write's key that the contract names as final: it was not made, by this send or any
        /// other.
        case notMade
        /// The send may have reached the backend, and nothing final came back.
        case mayBeMade
        /// None of the send's attempts reached the backend.
        case notReached
    }

    /// What a new send of the same write (same backend, user, operation and body) does, given this one.
    public enum SameWrite: Hashable, Sendable {
        /// It goes out under this write's key: the backend answers with the original or makes it once.
        case sendUnderItsKey
        /// It is not sent: the user sees this receipt of the write made earlier.
        case showReceipt(Receipt)
        /// It is not sent, for this reason.
        case refuse(JournalRefusal)
        /// This write does not concern it (expired, or made and the user asked to send it again).
        case unrelated
    }

    /// The answer that made a write, as it was read.
    public struct Receipt: Codable, Hashable, Sendable {
        /// The most bytes of an answer kept; a longer one is kept without its body.
        public static let bodyLimit = 16 * 1024

        /// When the answer was read, on the wall clock.
        public var madeAt: Date
        /// Its status (201).
        public var status: Int
        /// Its body as text, or `nil` when it was longer than ``bodyLimit`` or not UTF-8.
        public var body: String?

        /// Keeps `body` when it is UTF-8 text of at most ``bodyLimit`` bytes.
        public init(madeAt: Date, status: Int, body: Data) {
            self.madeAt = madeAt
            self.status = status
            self.body = body.count <= Self.bodyLimit ? String(data: body, encoding: .utf8) : nil
        }
    }

    /// What makes two sends the same write.
    public struct Identity: Codable, Hashable, Sendable {
        /// The backend's origin.
        public var origin: BackendOrigin
        /// The path the backend's base URL adds before every contract path (`/api`), or empty.
        public var basePath: String
        /// The signed-in user's id when it was sent; `nil` when nobody was, or for a write an earlier version
        /// journalled, which belongs to whoever is signed in to its backend.
        public var user: String?
        /// The HTTP method, uppercase.
        public var method: String
        /// The contract's path, without the base path: `/v1/transfers`.
        public var operation: String
        /// What was sent, canonical: JSON with sorted keys.
        public var body: String

        /// The identity of a write of `body` (canonical) to `operation` of the backend at `origin` and `basePath`.
        public init(
            origin: BackendOrigin, basePath: String, user: String?, method: String, operation: String, body: String
        ) {
            (self.origin, self.basePath, self.user, self.method, self.operation, self.body) = (
                origin, basePath, user, method, operation, body
            )
        }

        /// Whether a write journalled under `self` belongs to the same backend, user, operation and body as `other`.
        public func isSameWrite(as other: Identity) -> Bool {
            origin == other.origin && basePath == other.basePath && hasSameContent(as: other)
                && belongs(to: other.user)
        }

        /// Whether `other` sends the same method, operation and body, whatever backend name or user.
        public func hasSameContent(as other: Identity) -> Bool {
            method == other.method && operation == other.operation && body == other.body
        }

        /// Whether the write belongs to `user` on its backend: journalled for that user, or for nobody in particular.
        public func belongs(to user: String?) -> Bool {
            self.user == nil || self.user == user
        }
    }

    /// What was sent.
    public var identity: Identity
    /// The key every send of it carries.
    public var key: String
    /// When it was first journalled, on the wall clock; the key expires a lifetime later.
    public var firstSent: Date
    /// What is known of its outcome.
    public var state: State

    /// Makes a write journalled at `firstSent` before its first send.
    public init(identity: Identity, key: String, firstSent: Date, state: State) {
        self.identity = identity
        self.key = key
        self.firstSent = firstSent
        self.state = state
    }

    /// The write after `event`, or `nil` when it leaves the journal.
    public func after(_ event: Event) -> KeyedWrite? {
        guard case .pending(var sends, var mayBeMade) = state else {
            // Made stays made: nothing a later send says undoes a receipt that was read. Only the user lets it go.
            return event == .dismissed ? nil : self
        }
        switch event {
        case .dismissed:
            return nil
        case .sendBegan(let send):
            sends.insert(send)
        case .sendEnded(_, .made(let receipt)):
            return with(.made(receipt))
        case .sendEnded(_, .notMade):
            return nil
        case .sendEnded(let send, .mayBeMade):
            sends.remove(send)
            mayBeMade = true
        case .sendEnded(let send, .notReached):
            sends.remove(send)
            if sends.isEmpty, !mayBeMade { return nil }
        }
        return with(.pending(sends: sends, mayBeMade: mayBeMade))
    }

    /// What a new send of the same write does, at `now`; `again` when the user asked to make it again even if it
    /// was made.
    public func sameWrite(again: Bool, at now: Date, lifetime: Duration) -> SameWrite {
        let expired = isExpired(at: now, lifetime: lifetime)
        switch state {
        case .pending:
            // Past the key's lifetime the backend may have forgotten the key: under it or under a new one, a send
            // could make it twice. The user decides.
            return expired ? .refuse(.unresolvedAndExpired(since: firstSent, key: key)) : .sendUnderItsKey
        case .made(let receipt):
            if expired || again { return .unrelated }
            return receipt.body == nil ? .refuse(.madeEarlier(at: receipt.madeAt)) : .showReceipt(receipt)
        }
    }

    /// Whether its key has outlived `lifetime` (the backend forgets a key then).
    public func isExpired(at now: Date, lifetime: Duration) -> Bool {
        now >= firstSent.addingTimeInterval(lifetime.inSeconds)
    }

    /// Whether it is made (and kept only to show its receipt).
    public var isMade: Bool {
        if case .made = state { return true }
        return false
    }

    /// Whether this write waits with its outcome unknown, with the same operation and body as `identity`, whatever
    /// backend name or user it was journalled under.
    public func waits(withSameContentAs identity: Identity) -> Bool {
        !isMade && self.identity.hasSameContent(as: identity)
    }

    /// Whether this write was made within its key's `lifetime` at `now`, with the same operation and body as
    /// `identity`, whatever backend name or user it was journalled under.
    public func wasMade(withSameContentAs identity: Identity, at now: Date, lifetime: Duration) -> Bool {
        isMade && !isExpired(at: now, lifetime: lifetime) && self.identity.hasSameContent(as: identity)
    }

    private func with(_ state: State) -> KeyedWrite {
        var next = self
        next.state = state
        return next
    }
}

/// One send of a keyed write: its own id, so that its end is told apart from the ends of other sends under the
/// same key (another process's, or one cut off by a kill).
public struct SendID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A random id.
    public let value: String

    /// A new random id.
    public init() {
        value = UUID().uuidString.lowercased()
    }

    /// An id as it was stored.
    public init(_ value: String) {
        self.value = value
    }

    /// Reads an id stored as a single string.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the id as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The id.
    public var description: String { value }
}
