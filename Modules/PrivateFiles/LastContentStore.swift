public import Foundation

/// Whose last content an entry is: one backend (origin and base path), one user, one sign-in of that user.
public struct ContentOwner: Hashable, Sendable, Codable {
    /// The backend's origin, as the app's other per-backend files name it.
    public var backend: String
    /// The base URL's path on that origin (`/api`), empty for none.
    public var basePath: String
    /// The backend's id for the signed-in user.
    public var user: String
    /// Which sign-in of the user (when it happened): a sign-out and a new sign-in make another owner.
    public var signIn: String

    /// Makes an owner from its parts as given.
    public init(backend: String, basePath: String, user: String, signIn: String) {
        self.backend = backend
        self.basePath = basePath
        self.user = user
        self.signIn = signIn
    }
}

/// The last content a screen loaded, as the store hands it back.
public struct LastContent: Hashable, Sendable {
    /// The content as it was saved.
    public var content: Data
    /// When it was saved.
    public var savedAt: Date

    /// Makes last content from its parts as given.
    public init(content: Data, savedAt: Date) {
        self.content = content
        self.savedAt = savedAt
    }
}

/// Keeps the last content each screen loaded (its `kind`: `wallet`, `cards`, `profile`), for the signed-in user of
/// one backend, so a screen can show it when the backend cannot be reached.
///
/// - **Only the signed-in owner's.** An entry is saved and handed back only for the owner the session says is
///   signed in at that moment: in a file, decided under the session file's lock, read from the session file as it
///   is then, so a load that ends after a sign-out (in this process or another) finds no owner and writes nothing;
///   a sign-out that removes the cache under the same lock leaves nothing a late load could write back to.
/// - **Expires.** An entry older than ``maxAge`` is never handed back, nor one saved later than now (the clock went
///   back): its age is unknown. Both are dropped at the next save.
/// - **Bounded.** At most ``byteLimit`` bytes are read from the file and ``contentLimit`` kept (in memory: handed
///   back) per entry; a larger file, one others can read, one that is not a cache this version wrote, or one that
///   cannot be read is never read as content, and is replaced at the next save (it is only a cache). A path that is
///   not a regular file is never replaced.
/// - **Encoded once it is needed.** In memory, a save keeps the content's encoder, called only if the content is
///   handed back: a screen that loads often encodes nothing.
/// - The file and its folders are made 0600 and 0700, written atomically (``PrivateFile``).
public actor LastContentStore {
    /// How long content stays: a day.
    public static let defaultMaxAge: Duration = .seconds(24 * 60 * 60)
    /// The most bytes the file may hold; a larger one is not read.
    public static let byteLimit = 256 * 1024
    /// The most bytes of one entry's content; a larger content is not saved.
    public static let contentLimit = 64 * 1024
    /// The file's format marker.
    static let format = "errorflow-last-content/1"

    /// Where the content is kept, and who decides whose it is.
    public enum Place: Sendable {
        /// In this process only; `owns` says whether an owner is the one signed in now.
        case memory(owns: @Sendable (ContentOwner) async -> Bool)
        /// In `file`; every save, read and clearing happens under the lock of `sessionFile`, and `owns` reads the
        /// session file's content (as it is under that lock) to say whether an owner is the one signed in.
        case file(URL, sessionFile: URL, owns: @Sendable (ContentOwner, Result<Data, PrivateFileError>) -> Bool)
    }

    /// What a save did.
    public enum Saved: Hashable, Sendable {
        /// The content is kept.
        case saved
        /// Nothing was written: the owner is not the one signed in (any more).
        case notSignedIn
        /// Nothing was written: the content is above ``contentLimit``.
        case tooLarge
        /// Nothing was written: the file could not be used (`reason`).
        case failed(String)
    }

    private let place: Place
    /// How long content stays.
    public nonisolated let maxAge: Duration
    private let patience: Duration
    private let now: @Sendable () -> Date
    private var memory: [MemoryEntry] = []

    /// - Parameters:
    ///   - place: in memory, or in a file guarded by the session file.
    ///   - maxAge: how long content stays.
    ///   - patience: how long a save or read waits for the session file's lock before it gives up (nothing saved,
    ///     nothing shown).
    ///   - now: the wall clock.
    public init(
        _ place: Place, maxAge: Duration = LastContentStore.defaultMaxAge, patience: Duration = .seconds(2),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.place = place
        self.maxAge = maxAge
        self.patience = patience
        self.now = now
    }

    /// The file, if the content is kept in one.
    public nonisolated var file: URL? {
        guard case .file(let url, _, _) = place else { return nil }
        return url
    }

    /// Saves `content` as the last `kind` of `owner`, replacing the one before, if `owner` is signed in now.
    public func save(_ content: Data, kind: String, for owner: ContentOwner) async -> Saved {
        await save({ content }, kind: kind, for: owner)
    }

    /// Saves what `encoded` makes as the last `kind` of `owner`, replacing the one before, if `owner` is signed in
    /// now; `encoded` answers `nil` for content it cannot encode. A file is written at once; in memory, `encoded` is
    /// kept and called only if the content is ever handed back, so a screen that loads often encodes nothing.
    public func save(_ encoded: @escaping @Sendable () -> Data?, kind: String, for owner: ContentOwner) async -> Saved {
        let (now, maxAge) = (now(), maxAge)
        switch place {
        case .memory(let owns):
            guard await owns(owner) else { return .notSignedIn }
            memory.removeAll { !$0.stays(besideNew: kind, of: owner, at: now, maxAge: maxAge) }
            memory.append(MemoryEntry(owner: owner, kind: kind, savedAt: now, encoded: encoded))
            return .saved
        case .file(let url, let sessionFile, let owns):
            guard let content = encoded() else { return .failed("cannot encode") }
            guard content.count <= Self.contentLimit else { return .tooLarge }
            let entry = Entry(
                owner: owner, kind: kind, savedAt: now, content: String(decoding: content, as: UTF8.self))
            do throws(PrivateFileError) {
                return try await PrivateFile.change(sessionFile, patience: patience) { session in
                    guard owns(owner, session) else { return (.keep, .notSignedIn) }
                    let entries = Self.entries(in: PrivateFile.read(url, atMost: Self.byteLimit)) ?? []
                    let kept = entries.filter { $0.stays(besideNew: kind, of: owner, at: now, maxAge: maxAge) }
                    guard let data = Self.encode(kept + [entry]) else { return (.keep, .failed("cannot encode")) }
                    do throws(PrivateFileError) {
                        try PrivateFile.write(data, to: url)
                        return (.keep, .saved)
                    } catch {
                        return (.keep, .failed("\(error)"))
                    }
                }
            } catch {
                return .failed("\(error)")
            }
        }
    }

    /// The last `kind` of `owner`, if `owner` is signed in now and it has not expired.
    public func load(kind: String, for owner: ContentOwner) async -> LastContent? {
        let (now, maxAge) = (now(), maxAge)
        func found(_ entries: [Entry]) -> LastContent? {
            entries.last { $0.isLast(kind, of: owner, at: now, maxAge: maxAge) }
                .map { LastContent(content: Data($0.content.utf8), savedAt: $0.savedAt) }
        }
        switch place {
        case .memory(let owns):
            guard await owns(owner) else { return nil }
            guard
                let entry = memory.last(where: { $0.isLast(kind, of: owner, at: now, maxAge: maxAge) }),
                let content = entry.encoded(), content.count <= Self.contentLimit
            else { return nil }
            return LastContent(content: content, savedAt: entry.savedAt)
        case .file(let url, let sessionFile, let owns):
            return try? await PrivateFile.change(sessionFile, patience: patience) { session in
                guard owns(owner, session) else { return (.keep, nil) }
                return (.keep, Self.entries(in: PrivateFile.read(url, atMost: Self.byteLimit)).flatMap(found))
            }
        }
    }

    /// Lets go of every content kept, as a sign-out does (in a file: under the session file's lock); a file that
    /// cannot be removed stays, shown to no one, and is replaced at the next save. Returns whether any was kept.
    @discardableResult
    public func clear() async -> Bool {
        switch place {
        case .memory:
            defer { memory = [] }
            return !memory.isEmpty
        case .file(let url, let sessionFile, _):
            return (try? await Self.clear(url, sessionFile: sessionFile, patience: patience)) ?? false
        }
    }

    /// Removes the last content kept beside a session file (a sign-out), under the session file's lock, so that no
    /// save waiting for the lock writes it back. Returns whether a file was removed.
    public static func clear(_ url: URL, sessionFile: URL, patience: Duration = .seconds(10))
        async throws(PrivateFileError) -> Bool
    {
        let removed: Result<Bool, PrivateFileError> = try await PrivateFile.change(sessionFile, patience: patience) {
            _ in
            let existed = PrivateFile.kind(at: url) == .regularFile
            do throws(PrivateFileError) {
                try PrivateFile.remove(url)
                return (.keep, .success(existed))
            } catch {
                return (.keep, .failure(error))
            }
        }
        // With no folder, `change` decided without the lock: the cache, beside the session, cannot be there either.
        return try removed.get()
    }

    /// The last content file kept beside `sessionFile`: `session.json` → `session.last-content.json`.
    public static func file(besideSession sessionFile: URL) -> URL {
        let name = sessionFile.deletingPathExtension().lastPathComponent
        return sessionFile.deletingLastPathComponent().appendingPathComponent("\(name).last-content.json")
    }

    // MARK: - The file

    /// One kept content.
    struct Entry: Hashable, Codable, KeptContent {
        var owner: ContentOwner
        var kind: String
        var savedAt: Date
        var content: String
    }

    /// One content kept in memory, encoded only when it is handed back.
    private struct MemoryEntry: KeptContent {
        var owner: ContentOwner
        var kind: String
        var savedAt: Date
        var encoded: @Sendable () -> Data?
    }

    private struct Stored: Codable {
        var format: String
        var entries: [Entry]
    }

    /// The entries of a file read, or `nil` when there are none to use (absent, too large, unreadable, another
    /// format).
    static func entries(in read: Result<Data, PrivateFileError>) -> [Entry]? {
        guard case .success(let data) = read else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let stored = try? decoder.decode(Stored.self, from: data), stored.format == format else { return nil }
        return stored.entries
    }

    static func encode(_ entries: [Entry]) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try? encoder.encode(Stored(format: format, entries: entries))
    }
}

/// What the store decides by, in a file or in memory: whose an entry is, what it holds, when it was saved.
private protocol KeptContent {
    var owner: ContentOwner { get }
    var kind: String { get }
    var savedAt: Date { get }
}

extension KeptContent {
    /// Neither expired nor saved later than `now` (a clock that went back leaves the age unknown).
    func isUsable(at now: Date, maxAge: Duration) -> Bool {
        savedAt <= now && now.timeIntervalSince(savedAt) < Double(maxAge.components.seconds)
    }

    /// Whether it is `owner`'s last `kind`, still usable at `now`.
    func isLast(_ kind: String, of owner: ContentOwner, at now: Date, maxAge: Duration) -> Bool {
        self.owner == owner && self.kind == kind && isUsable(at: now, maxAge: maxAge)
    }

    /// Whether it stays when `owner` saves a new `kind` at `now`: only the signed-in owner's unexpired entries of
    /// other kinds stay, since whatever else is there is nobody's any more.
    func stays(besideNew kind: String, of owner: ContentOwner, at now: Date, maxAge: Duration) -> Bool {
        self.owner == owner && self.kind != kind && isUsable(at: now, maxAge: maxAge)
    }
}
