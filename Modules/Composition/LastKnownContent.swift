import AuthFeature
import Domain
public import Foundation
import Logging
import Networking
public import PrivateFiles
import SharedError

/// Where the last content of each screen is kept between runs: a file beside the session file, whose lock guards
/// every change of it (``LastContentStore``).
public struct LastContentFiles: Hashable, Sendable {
    /// The last content.
    public var content: URL
    /// The session file that says whose it may be.
    public var session: URL

    /// The last content kept beside `session` (`session.json` → `session.last-content.json`).
    public init(besideSession session: URL) {
        self.session = session
        content = LastContentStore.file(besideSession: session)
    }

    /// Removes the last content (a sign-out), under the session file's lock, so that no load still under way
    /// writes it back. Returns whether there was a file to remove.
    public func clear() async throws(PrivateFileError) -> Bool {
        try await LastContentStore.clear(content, sessionFile: session)
    }
}

/// The fallback every screen with last-known content shares, composed around its repository: the remote first;
/// what it answered is saved as the signed-in owner's last content; when it could not be reached or did not answer
/// in time, that last content is handed back instead of the error, marked stale (``Freshness``) from when it was
/// saved, and the journey records it as `recovered → last content from 10:02`. Nothing else is ever served from
/// it: any other error, no one signed in, nothing kept, or content expired, and the error goes on as it came.
struct LastKnownContent: Sendable {
    let store: LastContentStore
    /// Who is signed in to this backend now, as the last content's owner; `nil` when no one is.
    let owner: @Sendable () async -> ContentOwner?
    let journey: JourneyRecorder
    /// The wall clock, for how the journey tells the content's age.
    let now: @Sendable () -> Date

    /// The value `remote` loads, or, when it could not reach the backend, the last `kind` loaded, marked stale by
    /// `marked`.
    func load<Value: Codable & Sendable, Failure: BackendCallError>(
        _ kind: String, marked: @Sendable (Value, Freshness) -> Value,
        remote: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let owner = await owner()
        do throws(Failure) {
            let value = try await remote()
            if let owner {
                _ = await store.save({ try? JSONEncoder().encode(value) }, kind: kind, for: owner)
            }
            return value
        } catch {
            guard let owner, let condition = error.appWideCondition, condition == .offline || condition == .timedOut,
                let last = await store.load(kind: kind, for: owner),
                let value = try? JSONDecoder().decode(Value.self, from: last.content)
            else { throw error }
            journey.record(
                .recovered, from: error.journeyName,
                to: "last content from \(ContentAge.time(of: last.savedAt, now: now(), in: .english))",
                category: error.category,
                level: .warning)
            return marked(value, .stale(since: last.savedAt, because: condition))
        }
    }

    /// The owner of last content for `session` at the backend of `origin` and `basePath`: its user and sign-in;
    /// `nil` for no session, or one another backend issued.
    static func owner(of session: StoredSession?, origin: BackendOrigin, basePath: String) -> ContentOwner? {
        guard let session, session.origin == origin else { return nil }
        let signIn = session.signedInAt.map { String($0.timeIntervalSinceReferenceDate) } ?? "unknown"
        return ContentOwner(backend: origin.value, basePath: basePath, user: session.userID, signIn: signIn)
    }

    /// Whether the session file's content (`read`) says `owner` is signed in.
    static func owns(_ owner: ContentOwner, sessionFile read: Result<Data, PrivateFileError>) -> Bool {
        guard case .success(let data) = read, let session = try? JSONDecoder().decode(StoredSession.self, from: data),
            let origin = session.origin
        else { return false }
        return Self.owner(of: session, origin: origin, basePath: owner.basePath) == owner
    }
}

/// The wallet from the backend, or its last content when the backend cannot be reached.
struct LastKnownWalletRepository: WalletRepository {
    let remote: any WalletRepository
    let lastKnown: LastKnownContent

    func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        try await lastKnown.load("wallet", marked: Self.marked) { () async throws(WalletRepositoryError) in
            try await remote.fetchWallet()
        }
    }

    private static func marked(_ wallet: Wallet, _ freshness: Freshness) -> Wallet {
        var marked = wallet
        marked.freshness = freshness
        return marked
    }
}

/// The saved cards from the backend, or their last content when the backend cannot be reached.
struct LastKnownPaymentCardsRepository: PaymentCardsRepository {
    let remote: any PaymentCardsRepository
    let lastKnown: LastKnownContent

    func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard] {
        try await lastKnown.load("cards", marked: Self.marked) { () async throws(PaymentCardsRepositoryError) in
            try await remote.fetchCards()
        }
    }

    private static func marked(_ cards: [PaymentCard], _ freshness: Freshness) -> [PaymentCard] {
        cards.map { card in
            var marked = card
            marked.freshness = freshness
            return marked
        }
    }
}

/// The profile from the backend, or its last content when the backend cannot be reached.
struct LastKnownProfileRepository: ProfileRepository {
    let remote: any ProfileRepository
    let lastKnown: LastKnownContent

    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile {
        try await lastKnown.load("profile", marked: Self.marked) { () async throws(ProfileRepositoryError) in
            try await remote.fetchProfile()
        }
    }

    private static func marked(_ profile: UserProfile, _ freshness: Freshness) -> UserProfile {
        var marked = profile
        marked.freshness = freshness
        return marked
    }
}
