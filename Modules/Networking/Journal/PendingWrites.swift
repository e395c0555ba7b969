public import Foundation
public import Logging
import PrivateFiles
import SharedError

/// The pending-writes journal: every keyed write (a POST or PATCH with an `Idempotency-Key`) is recorded here
/// before its first attempt, with its key and what was sent, and stays until its outcome is known. Sending the
/// same write again while it waits reuses its key, so the backend answers with the original instead of acting
/// twice, even in another process, even after this one was killed.
///
/// - Entries belong to one backend origin, and expire after ``lifetime`` (the backend's key lifetime: 24 hours in
///   the contract); at most ``limit`` are kept, oldest given up first.
/// - With a file, several processes share it: every change happens under the file's advisory lock, on the file as
///   it is at that moment. A file the app cannot use is moved aside (`<name>.unreadable-<time>`), never written
///   over. If the file cannot be written, the journal keeps its entries in memory for this process and says so once.
public actor PendingWrites {
    /// A write whose outcome is not known yet.
    public struct Entry: Codable, Hashable, Sendable {
        /// Whether the write is being sent now, or its last send ended without telling whether it was made.
        public enum State: String, Codable, Hashable, Sendable {
            /// A send is under way, in this process or another.
            case sending
            /// The last send ended without telling whether the write was made; it is sent again under the same key.
            case unknown
        }

        /// The backend the write was sent to; only that backend's journal sees it.
        public var origin: BackendOrigin
        /// The HTTP method, uppercase (`POST`).
        public var method: String
        /// The path it was sent to: `/v1/transfers`.
        public var endpoint: String
        /// What was sent, canonical: JSON with sorted keys (so the same write always has the same body).
        public var body: String
        /// The key every send of this write carries.
        public var idempotencyKey: String
        /// Whether it is being sent or its outcome is unknown.
        public var state: State
        /// When the write was first recorded, on the wall clock.
        public var firstSent: Date
        /// When the backend forgets the key; the entry is dropped then.
        public var expires: Date
    }

    /// How long the backend keeps an `Idempotency-Key` (the contract: 24 hours).
    public static let defaultLifetime: Duration = .seconds(24 * 60 * 60)
    /// The default bound.
    public static let defaultLimit = 100

    /// The journal file, shared by processes; `nil` when the journal lives in this process only.
    public nonisolated let file: URL?
    /// The backend whose writes this journal records and returns.
    public nonisolated let origin: BackendOrigin
    /// How long an entry is kept before it expires.
    public nonisolated let lifetime: Duration
    /// The most entries kept; the oldest are given up first. At least 1.
    public nonisolated let limit: Int
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var memory = Journal()
    private var fileUnusable = false

    /// - Parameters:
    ///   - file: where the journal is kept between runs; `nil` keeps it for this process only.
    ///   - now: the wall clock, for first-sent and expiry times.
    public init(
        file: URL?, origin: BackendOrigin, lifetime: Duration = PendingWrites.defaultLifetime,
        limit: Int = PendingWrites.defaultLimit, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.file = file
        self.origin = origin
        self.lifetime = lifetime
        self.limit = max(limit, 1)
        self.now = now
        self.logger = logger
    }

    /// The writes to this origin whose outcome is not known, oldest first.
    public var entries: [Entry] {
        get async { await update { _ in }.entries.filter { $0.origin == origin } }
    }

    /// Records `request` before it is sent, and returns the key to send it with: the key of the same write (same
    /// method, endpoint and body) still waiting here, or `proposed`, which is recorded. Also returns the waiting
    /// entry when its key was reused.
    public func begin(_ request: HTTPRequest, proposing proposed: String) async -> (key: String, earlier: Entry?) {
        let method = request.method.rawValue
        let endpoint = request.path
        let body = Self.canonical(request.body)
        let origin = origin
        let limit = limit
        let entry = Entry(
            origin: origin, method: method, endpoint: endpoint, body: body, idempotencyKey: proposed, state: .sending,
            firstSent: now(), expires: now().addingTimeInterval(lifetime.inSeconds))
        var earlier: Entry?
        await update { journal in
            if let index = journal.entries.firstIndex(where: {
                $0.origin == origin && $0.method == method && $0.endpoint == endpoint && $0.body == body
            }) {
                earlier = journal.entries[index]
                journal.entries[index].state = .sending
                return
            }
            journal.entries.append(entry)
            if journal.entries.count > limit { journal.entries.removeFirst(journal.entries.count - limit) }
        }
        return (earlier?.idempotencyKey ?? proposed, earlier)
    }

    /// The write sent under `key` was answered, or certainly not made: it leaves the journal.
    public func settle(key: String) async {
        await update { journal in journal.entries.removeAll { $0.idempotencyKey == key } }
    }

    /// The write sent under `key` ended without telling whether it was made: it stays, to be sent again under the
    /// same key.
    public func markUnknown(key: String) async {
        await update { journal in
            for index in journal.entries.indices where journal.entries[index].idempotencyKey == key {
                journal.entries[index].state = .unknown
            }
        }
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

    // MARK: - The file

    /// Applies `change` to the journal as it is now (the file's, under its lock; expired entries dropped), saves
    /// it if it changed, and returns it.
    @discardableResult
    private func update(_ change: (inout Journal) -> Void) async -> Journal {
        let now = now()
        guard let file, !fileUnusable else {
            memory.entries.removeAll { $0.expires <= now }
            change(&memory)
            return memory
        }
        var result: Journal?
        do throws(PrivateFileError) {
            try await PrivateFile.change(file) { read in
                var journal = journal(from: read, file: file)
                let before = journal
                journal.entries.removeAll { $0.expires <= now }
                change(&journal)
                result = journal
                if fileUnusable { memory = journal }
                guard journal != before, !fileUnusable else { return (.keep, ()) }
                if journal.entries.isEmpty { return (.remove, ()) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                encoder.dateEncodingStrategy = .iso8601
                guard let data = try? encoder.encode(journal) else { return (.keep, ()) }
                return (.write(data), ())
            }
        } catch {
            logger.warning(
                "the pending-writes journal cannot be used (\(error)); a write whose outcome stays unknown is remembered for this run only"
            )
            fileUnusable = true
            if let result {
                memory = result
            } else {
                change(&memory)
            }
            return memory
        }
        return result ?? memory
    }

    private func journal(from read: Result<Data, PrivateFileError>, file: URL) -> Journal {
        let found = PrivateFile.decodeOrMoveAside(read, at: file) { data in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return (try? decoder.decode(Journal.self, from: data)).flatMap {
                $0.format == Journal.currentFormat ? $0 : nil
            }
        }
        switch found {
        case .absent:
            return Journal()
        case .usable(let journal):
            return journal
        case .movedAside(let problem, let aside):
            logger.warning(
                "the pending-writes journal \(file.path) \(problem); moved it to \(aside.path) and started a new one")
            return Journal()
        case .unusable(let problem):
            logger.warning(
                "the pending-writes journal cannot be used (\(problem)); a write whose outcome stays unknown is remembered for this run only"
            )
            fileUnusable = true
            return memory
        }
    }
}

/// The journal file: `{"format": "errorflow-pending-writes/1", "entries": [...]}`.
private struct Journal: Codable, Hashable {
    static let currentFormat = "errorflow-pending-writes/1"

    var format = Journal.currentFormat
    var entries: [PendingWrites.Entry] = []
}
