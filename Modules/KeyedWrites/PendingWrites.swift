public import Foundation
public import Logging
public import Networking
import PrivateFiles
import SharedError

/// The pending-writes journal: every keyed write (a POST or PATCH with an `Idempotency-Key`) is recorded here, and
/// made durable, before its first send, and stays until its outcome is known; a write that was made stays until its
/// key expires, so the same write again shows its receipt. What each event does to a write is ``KeyedWrite``'s.
///
/// - A write belongs to one backend (origin and base path) and one signed-in user: only they send it, settle it and
///   see its receipt. Its operation and body are compared under every name and user, so that its twin elsewhere is
///   refused (``begin(_:proposing:user:again:)``).
/// - Several processes share the file: every change happens under its advisory lock, on the file as it is at that
///   moment (``PrivateFile/change(_:patience:isolation:_:)``), and never brings back what another process removed.
/// - When the journal cannot be used (its lock is held past ``lockPatience``, the file cannot be read, decoded or
///   written, or the backend's share is full), a new write is refused (``JournalRefusal``): nothing is sent and
///   nothing is removed. The file is never moved aside or written over when it cannot be read.
/// - At most ``limit`` writes per backend, and ``byteLimit`` bytes in all; a write whose outcome is unknown is never
///   dropped to make room.
public actor PendingWrites {
    /// The backend's key lifetime (the contract: 24 hours).
    public static let defaultLifetime: Duration = .seconds(24 * 60 * 60)
    /// The most writes kept per backend.
    public static let defaultLimit = 100
    /// The most bytes the journal file holds, every backend together.
    public static let byteLimit = 1 << 20
    /// The longest request body journalled; a longer keyed write is refused.
    public static let bodyLimit = 16 * 1024

    /// The journal file, shared by processes; `nil` when the journal lives in this process only.
    public nonisolated let file: URL?
    /// The backend's origin; only its writes are seen.
    public nonisolated let origin: BackendOrigin
    /// The backend's base path (`/api`): with ``origin``, which writes are its own.
    public nonisolated let basePath: String
    /// The base URL's path, taken off every request path to find the contract's: ``basePath`` unless the requests
    /// go through a proxy.
    private nonisolated let requestBasePath: String
    /// How long a key lives; a made write is dropped then, and a pending one is never sent again.
    public nonisolated let lifetime: Duration
    /// The most writes kept for this backend. At least 1.
    public nonisolated let limit: Int
    /// How long a change waits for another process's lock before the journal counts as busy.
    public nonisolated let lockPatience: Duration
    private let operations: [KeyedOperation]
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var memory: [KeyedWrite] = []
    /// Every refusal this journal gave, in order: the CLI says the first and ends with its exit code.
    public private(set) var refusals: [JournalRefusal] = []

    /// What ``begin(_:proposing:user:again:)`` decided.
    public enum Start: Hashable, Sendable {
        /// Send under `key`; `earlier` is the write it joins when the same write was pending already.
        case send(key: String, send: SendID, earlier: KeyedWrite?)
        /// Do not send: the same write was made, and this is its receipt.
        case receipt(KeyedWrite.Receipt)
    }

    /// - Parameters:
    ///   - file: where the journal is kept between runs; `nil` keeps it for this process only.
    ///   - baseURL: where the requests go; its origin and path say which writes are its own unless `knownAs` is given.
    ///   - knownAs: the backend the writes belong to when the requests go through a proxy: the backend behind it.
    ///   - operations: what the contract says about each keyed operation (which answers are final).
    ///   - now: the wall clock, for first-sent times and expiry.
    public init(
        file: URL?, baseURL: URL, knownAs identity: URL? = nil, operations: [KeyedOperation] = [],
        lifetime: Duration = PendingWrites.defaultLifetime,
        limit: Int = PendingWrites.defaultLimit, lockPatience: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.file = file
        self.origin = BackendOrigin(identity ?? baseURL)
        self.basePath = Self.basePath(of: identity ?? baseURL)
        self.requestBasePath = Self.basePath(of: baseURL)
        self.operations = operations
        self.lifetime = lifetime
        self.limit = max(limit, 1)
        self.lockPatience = lockPatience
        self.now = now
        self.logger = logger
    }

    /// What the contract says about `request`'s operation; an operation nobody declared has no final answers.
    public nonisolated func operation(of request: HTTPRequest) -> KeyedOperation {
        let path = contractPath(of: request.url)
        let method = request.method.rawValue
        return operations.first { $0.method == method && $0.path == path }
            ?? .undeclared(method: method, path: path)
    }

    /// The contract's path of `url`: its path without the base URL's (`/api/v1/transfers` → `/v1/transfers`).
    public nonisolated func contractPath(of url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path
        guard !requestBasePath.isEmpty, path.hasPrefix(requestBasePath + "/") else { return path }
        return String(path.dropFirst(requestBasePath.count))
    }

    // MARK: - Events

    /// Journals a send of `request` before it goes out, and says under which key, or that it must not be sent: the
    /// same write pending is sent under its key; the same write made within its key's lifetime shows its receipt
    /// (unless `again`); a pending one whose key expired refuses it. The same operation and body pending under
    /// another backend name or user refuses it too (unless `again`): a name can change while a write waits; and so
    /// does the same made there within its key's lifetime, whose receipt stays with its backend and user.
    /// Otherwise `proposed` is journalled, durably.
    public func begin(_ request: HTTPRequest, proposing proposed: String, user: String?, again: Bool)
        async throws(JournalRefusal) -> Start
    {
        let identity = KeyedWrite.Identity(
            origin: origin, basePath: basePath, user: user, method: request.method.rawValue,
            operation: contractPath(of: request.url), body: Self.canonical(request.body))
        let send = SendID()
        let now = now()
        let (lifetime, limit, origin, basePath) = (lifetime, limit, origin, basePath)
        do throws(JournalRefusal) {
            guard identity.body.utf8.count <= Self.bodyLimit else {
                throw .tooLarge(bytes: identity.body.utf8.count, limit: Self.bodyLimit)
            }
            return try await change { writes throws(JournalRefusal) -> Start in
                // Pending first (at most one can be), then the latest made.
                let same = writes.indices.filter { writes[$0].identity.isSameWrite(as: identity) }
                    .sorted {
                        (writes[$0].isMade ? 1 : 0, writes[$1].firstSent) < (
                            writes[$1].isMade ? 1 : 0, writes[$0].firstSent
                        )
                    }
                for index in same {
                    switch writes[index].sameWrite(again: again, at: now, lifetime: lifetime) {
                    case .unrelated:
                        continue
                    case .refuse(let refusal):
                        throw refusal
                    case .showReceipt(let receipt):
                        return .receipt(receipt)
                    case .sendUnderItsKey:
                        let earlier = writes[index]
                        if let next = earlier.after(.sendBegan(send)) { writes[index] = next }
                        return .send(key: earlier.key, send: send, earlier: earlier)
                    }
                }
                if !again, let waiting = writes.first(where: { $0.waits(withSameContentAs: identity) }) {
                    throw .waitingElsewhere(
                        backend: waiting.identity.origin.value + waiting.identity.basePath, since: waiting.firstSent,
                        key: waiting.key)
                }
                if !again,
                    let made = writes.first(where: {
                        $0.wasMade(withSameContentAs: identity, at: now, lifetime: lifetime)
                    })
                {
                    let madeAt: Date =
                        if case .made(let receipt) = made.state { receipt.madeAt } else { made.firstSent }
                    throw .madeEarlier(at: madeAt, elsewhere: made.identity.origin.value + made.identity.basePath)
                }
                let mine = writes.filter { $0.identity.origin == origin && $0.identity.basePath == basePath }
                guard mine.count < limit else {
                    throw .full(limit: limit, waiting: mine.count { !$0.isMade })
                }
                writes.append(
                    KeyedWrite(
                        identity: identity, key: proposed, firstSent: now,
                        state: .pending(sends: [send], mayBeMade: false)))
                return .send(key: proposed, send: send, earlier: nil)
            } fits: { bytes, writes in
                // Room for the receipt the new write may get, so that recording it never meets the bound.
                bytes + KeyedWrite.Receipt.bodyLimit <= Self.byteLimit
                    ? nil : .full(limit: limit, waiting: writes.count { !$0.isMade && $0.identity.origin == origin })
            }
        } catch {
            refusals.append(error)
            logger.notice("a keyed write was not sent: \(error)")
            throw error
        }
    }

    /// Records how a send under `key` ended, and returns what is known of the write afterwards. When the journal
    /// cannot be changed now, the send stays recorded as under way, so the write stays pending.
    @discardableResult
    public func end(key: String, send: SendID, outcome: KeyedWrite.Outcome) async -> KeyedWriteStatus {
        let (origin, basePath) = (origin, basePath)
        do throws(JournalRefusal) {
            return try await change { writes throws(JournalRefusal) -> KeyedWriteStatus in
                guard
                    let index = writes.firstIndex(where: {
                        $0.key == key && $0.identity.origin == origin && $0.identity.basePath == basePath
                    })
                else {
                    // Another process settled or the user dismissed it meanwhile: its word stands.
                    return .settled
                }
                guard let next = writes[index].after(.sendEnded(send, outcome)) else {
                    writes.remove(at: index)
                    return .settled
                }
                writes[index] = next
                return next.isMade ? .made : .pending
            }
        } catch {
            logger.warning("the end of a keyed write's send could not be journalled (\(error)); it stays pending")
            return .pending
        }
    }

    /// Records that a send under `key` was answered 2xx and the answer was read: the write was made, with `answer` as
    /// its receipt, stamped now.
    @discardableResult
    public func endMade(key: String, send: SendID, answer: HTTPResponse) async -> KeyedWriteStatus {
        await end(
            key: key, send: send,
            outcome: .made(KeyedWrite.Receipt(madeAt: now(), status: answer.status, body: answer.body)))
    }

    /// This backend's writes that belong to `user`, oldest first: pending (expired ones included) and made.
    public func writes(for user: String?) async throws(JournalRefusal) -> [KeyedWrite] {
        let (origin, basePath) = (origin, basePath)
        do throws(JournalRefusal) {
            return try await change { writes throws(JournalRefusal) in
                writes.filter {
                    $0.identity.origin == origin && $0.identity.basePath == basePath && $0.identity.belongs(to: user)
                }
            }
        } catch {
            refusals.append(error)
            throw error
        }
    }

    /// `user`'s writes with their outcome unknown under other backend names (another origin or base path): where a
    /// user who reached this backend under a new name finds what still waits under the old one.
    public func unresolvedElsewhere(for user: String?) async throws(JournalRefusal) -> [KeyedWrite] {
        let (origin, basePath) = (origin, basePath)
        do throws(JournalRefusal) {
            return try await change { writes throws(JournalRefusal) in
                writes.filter {
                    !$0.isMade && !($0.identity.origin == origin && $0.identity.basePath == basePath)
                        && $0.identity.belongs(to: user)
                }
            }
        } catch {
            refusals.append(error)
            throw error
        }
    }

    /// Lets go of `user`'s write to this backend whose key starts with `keyPrefix` (at least 8 characters), and
    /// returns it; `nil` when none, or more than one, matches.
    public func dismiss(keyPrefix: String, user: String?) async throws(JournalRefusal) -> KeyedWrite? {
        let (origin, basePath) = (origin, basePath)
        guard keyPrefix.count >= 8 else { return nil }
        do throws(JournalRefusal) {
            return try await change { writes throws(JournalRefusal) -> KeyedWrite? in
                let matches = writes.indices.filter {
                    let write = writes[$0]
                    return write.key.lowercased().hasPrefix(keyPrefix.lowercased()) && write.identity.origin == origin
                        && write.identity.basePath == basePath && write.identity.belongs(to: user)
                }
                guard matches.count == 1, let index = matches.first else { return nil }
                let dismissed = writes[index]
                writes.remove(at: index)
                return dismissed
            }
        } catch {
            refusals.append(error)
            throw error
        }
    }

    // MARK: - The file

    /// Applies `decide` to the journal as it is now (the file's, under its lock; made writes whose key expired are
    /// dropped), and saves it if it changed and `fits` has no objection to its size. Throws what `decide` or `fits`
    /// throws, and a refusal when the file cannot be used.
    private func change<Value: Sendable>(
        _ decide: (inout [KeyedWrite]) throws(JournalRefusal) -> Value,
        fits: (_ bytes: Int, _ writes: [KeyedWrite]) -> JournalRefusal? = { _, _ in nil }
    ) async throws(JournalRefusal) -> Value {
        let (now, lifetime) = (now(), lifetime)
        func prepared(_ writes: [KeyedWrite]) -> [KeyedWrite] {
            writes.compactMap { write in
                if write.isMade, write.isExpired(at: now, lifetime: lifetime) { return nil }
                var clamped = write
                clamped.firstSent = min(write.firstSent, now)
                return clamped
            }
        }
        guard let file else {
            var writes = prepared(memory)
            let value = try decide(&writes)
            if writes != memory, let refusal = fits(Self.encode(writes)?.count ?? .max, writes) { throw refusal }
            memory = writes
            return value
        }
        let outcome: Result<Value, JournalRefusal>
        do throws(PrivateFileError) {
            outcome = try await PrivateFile.change(file, patience: lockPatience) { read in
                let found: [KeyedWrite]
                switch Self.decode(read, path: file.path, origin: origin, basePath: basePath) {
                case .success(let writes): found = writes
                case .failure(let refusal): return (.keep, .failure(refusal))
                }
                var writes = prepared(found)
                let value: Value
                do throws(JournalRefusal) {
                    value = try decide(&writes)
                } catch {
                    return (.keep, .failure(error))
                }
                guard writes != found else { return (.keep, .success(value)) }
                if writes.isEmpty { return (.remove, .success(value)) }
                guard let data = Self.encode(writes) else {
                    return (.keep, .failure(.unusable(path: file.path, problem: "it could not be encoded")))
                }
                if let refusal = fits(data.count, writes) { return (.keep, .failure(refusal)) }
                return (.write(data), .success(value))
            }
        } catch {
            if case .busy = error { throw .busy(path: file.path) }
            throw .unusable(path: file.path, problem: "\(error)")
        }
        return try outcome.get()
    }

    private static func decode(
        _ read: Result<Data, PrivateFileError>, path: String, origin: BackendOrigin, basePath: String
    ) -> Result<
        [KeyedWrite], JournalRefusal
    > {
        switch read {
        case .failure(.absent):
            return .success([])
        case .failure(.readableByOthers(_, let mode)):
            return .failure(
                .unusable(
                    path: path,
                    problem: "others can read it (mode \(String(mode, radix: 8))); `chmod 600` it to use it"))
        case .failure(let problem):
            return .failure(.unusable(path: path, problem: "\(problem)"))
        case .success(let data):
            guard let writes = JournalFile.decode(data, origin: origin, basePath: basePath) else {
                return .failure(
                    .unusable(path: path, problem: "it is not a journal this version can read; it is left as it is"))
            }
            return .success(writes)
        }
    }

    private static func encode(_ writes: [KeyedWrite]) -> Data? {
        JournalFile.encode(writes)
    }

    private static func basePath(of url: URL) -> String {
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The body as the journal compares it: JSON re-encoded with sorted keys, or the bytes in base64.
    static func canonical(_ body: Data?) -> String {
        guard let body, !body.isEmpty else { return "" }
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let sorted = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        {
            return String(decoding: sorted, as: UTF8.self)
        }
        return "base64:" + body.base64EncodedString()
    }
}
