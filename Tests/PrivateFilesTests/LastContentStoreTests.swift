import Foundation
import PrivateFiles
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("LastContentStore: the signed-in owner's last content, for a day, guarded by the session file")
struct LastContentStoreTests {
    @Test func handsBackWhatItSavedForTheSignedInOwnerInAFileOnlyTheOwnerCanRead() async throws {
        let (sut, world) = makeSUT()

        #expect(await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner) == .saved)

        #expect(
            await sut.load(kind: "wallet", for: world.owner)
                == LastContent(
                    content: Data("wallet-1".utf8), savedAt: world.clock.start))
        #expect(try mode(of: world.content) == 0o600)
        #expect(try mode(of: world.content.deletingLastPathComponent()) == 0o700)
    }

    @Test func aSecondSaveOfTheSameKindReplacesTheFirstAndKeepsTheOthers() async {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)
        _ = await sut.save(Data("profile-1".utf8), kind: "profile", for: world.owner)

        _ = await sut.save(Data("wallet-2".utf8), kind: "wallet", for: world.owner)

        #expect(await sut.load(kind: "wallet", for: world.owner)?.content == Data("wallet-2".utf8))
        #expect(await sut.load(kind: "profile", for: world.owner)?.content == Data("profile-1".utf8))
    }

    @Test(arguments: [
        ContentOwner(backend: "http://127.0.0.1:8080", basePath: "", user: "u-2", signIn: "s-1"),
        ContentOwner(backend: "http://127.0.0.1:9090", basePath: "", user: "u-1", signIn: "s-1"),
        ContentOwner(backend: "http://127.0.0.1:8080", basePath: "/api", user: "u-1", signIn: "s-1"),
        ContentOwner(backend: "http://127.0.0.1:8080", basePath: "", user: "u-1", signIn: "s-2"),
    ])
    func neverHandsOneOwnersContentToAnother(_ other: ContentOwner) async {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)
        world.signIn(other)

        #expect(await sut.load(kind: "wallet", for: other) == nil)
    }

    @Test func aSaveForAnOwnerWhoIsNotSignedInWritesNothing() async {
        let (sut, world) = makeSUT()
        world.signOut()

        #expect(await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner) == .notSignedIn)

        #expect(PrivateFile.kind(at: world.content) == .absent)
    }

    @Test func aLoadThatEndsAfterASignOutCannotWriteItBack() async throws {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)

        world.signOut()
        #expect(try await LastContentStore.clear(world.content, sessionFile: world.session))
        let late = await sut.save(Data("wallet-2".utf8), kind: "wallet", for: world.owner)

        #expect(late == .notSignedIn)
        #expect(PrivateFile.kind(at: world.content) == .absent)
    }

    @Test func aSignInAsAnotherUserShowsThemNothingAndTheirFirstSaveDropsTheFormerUsersContent() async throws {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)
        var other = world.owner
        other.user = "u-2"
        world.signIn(other)

        #expect(await sut.load(kind: "wallet", for: world.owner) == nil, "u-1 is not signed in")
        _ = await sut.save(Data("profile-2".utf8), kind: "profile", for: other)

        let text = try String(contentsOf: world.content, encoding: .utf8)
        #expect(!text.contains("wallet-1") && !text.contains("\"u-1\""))
    }

    @Test func contentExpiresAfterItsAge() async {
        let (sut, world) = makeSUT(maxAge: .seconds(60))
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)

        world.clock.advance(by: 59)
        #expect(await sut.load(kind: "wallet", for: world.owner) != nil)
        world.clock.advance(by: 1)
        #expect(await sut.load(kind: "wallet", for: world.owner) == nil)
    }

    @Test func contentSavedLaterThanNowIsNeverHandedBackWhenTheClockWentBack() async {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)

        world.clock.advance(by: -60)

        #expect(await sut.load(kind: "wallet", for: world.owner) == nil)
    }

    @Test(arguments: [FileDamage.corrupt, .anotherFormat, .tooLarge, .readableByOthers])
    func aFileItCannotUseIsNeverReadAsContentAndTheNextSaveReplacesIt(_ damage: FileDamage) async throws {
        let (sut, world) = makeSUT()
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)
        try damage.apply(to: world.content)

        #expect(await sut.load(kind: "wallet", for: world.owner) == nil)
        #expect(await sut.save(Data("wallet-2".utf8), kind: "wallet", for: world.owner) == .saved)

        #expect(await sut.load(kind: "wallet", for: world.owner)?.content == Data("wallet-2".utf8))
        #expect(try mode(of: world.content) == 0o600)
    }

    @Test func aPathThatIsNotARegularFileIsNeverReplaced() async throws {
        let (sut, world) = makeSUT()
        try FileManager.default.createDirectory(at: world.content, withIntermediateDirectories: true)

        let saved = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: world.owner)

        #expect(saved != .saved)
        #expect(PrivateFile.kind(at: world.content) == .directory)
    }

    @Test func contentAboveItsLimitIsNotSaved() async {
        let (sut, world) = makeSUT()

        let saved = await sut.save(
            Data(count: LastContentStore.contentLimit + 1), kind: "wallet", for: world.owner)

        #expect(saved == .tooLarge)
        #expect(PrivateFile.kind(at: world.content) == .absent)
    }

    @Test func inMemoryItAsksWhoIsSignedInAtEveryLoad() async {
        let signedIn = Holder<ContentOwner?>(World.owner)
        let sut = LastContentStore(.memory(owns: { await signedIn.value == $0 }))
        _ = await sut.save(Data("wallet-1".utf8), kind: "wallet", for: World.owner)

        await signedIn.set(nil)

        #expect(await sut.load(kind: "wallet", for: World.owner) == nil)
        #expect(await sut.save(Data("wallet-2".utf8), kind: "wallet", for: World.owner) == .notSignedIn)
    }

    /// In memory, a save encodes nothing: only content handed back is encoded.
    @Test func inMemoryContentIsEncodedOnlyWhenItIsHandedBack() async {
        let encodings = Counter()
        let sut = LastContentStore(.memory(owns: { $0 == World.owner }))
        for saved in 1...3 {
            let encoded: @Sendable () -> Data? = {
                encodings.add()
                return Data("wallet-\(saved)".utf8)
            }
            _ = await sut.save(encoded, kind: "wallet", for: World.owner)
        }
        let encodedBySaving = encodings.value

        let handedBack = await sut.load(kind: "wallet", for: World.owner)

        #expect(encodedBySaving == 0)
        #expect(handedBack?.content == Data("wallet-3".utf8))
        #expect(encodings.value == 1)
    }

    /// In memory, content over the limit is not handed back, as it would not be saved in a file.
    @Test func inMemoryContentAboveItsLimitIsNotHandedBack() async {
        let sut = LastContentStore(.memory(owns: { $0 == World.owner }))

        _ = await sut.save(Data(count: LastContentStore.contentLimit + 1), kind: "wallet", for: World.owner)

        #expect(await sut.load(kind: "wallet", for: World.owner) == nil)
    }

    @Test func theBoundedReadReadsUpToItsLimitAndRefusesMore() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("f")
        try PrivateFile.write(Data(count: 100), to: file)

        #expect(PrivateFile.read(file, atMost: 100) == .success(Data(count: 100)))
        #expect(PrivateFile.read(file, atMost: 99) == .failure(.tooLarge(path: file.path, limit: 99)))
    }

    @Test func theFileLivesBesideTheSession() {
        let session = URL(fileURLWithPath: "/home/u/.config/errorflow/session.json")

        #expect(
            LastContentStore.file(besideSession: session).path == "/home/u/.config/errorflow/session.last-content.json")
    }

    // MARK: - Helpers

    private func makeSUT(maxAge: Duration = LastContentStore.defaultMaxAge) -> (LastContentStore, World) {
        let world = World()
        world.signIn(World.owner)
        let sut = LastContentStore(
            .file(
                world.content, sessionFile: world.session,
                owns: { owner, read in
                    read == .success(World.sessionContent(of: owner))
                }), maxAge: maxAge, now: { [clock = world.clock] in clock.now })
        return (sut, world)
    }

    private func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}

/// A folder with a stand-in session file (its content names the owner signed in) and the last content beside it.
final class World: Sendable {
    static let owner = ContentOwner(backend: "http://127.0.0.1:8080", basePath: "", user: "u-1", signIn: "s-1")

    let folder = ScratchFolder()
    let clock = TestClock()
    var session: URL { folder.url.appendingPathComponent("errorflow/session.json") }
    var content: URL { LastContentStore.file(besideSession: session) }
    var owner: ContentOwner { Self.owner }

    static func sessionContent(of owner: ContentOwner) -> Data {
        Data("\(owner.backend)|\(owner.basePath)|\(owner.user)|\(owner.signIn)".utf8)
    }

    func signIn(_ owner: ContentOwner) {
        try? PrivateFile.write(Self.sessionContent(of: owner), to: session)
    }

    func signOut() {
        try? PrivateFile.remove(session)
    }
}

/// How a test spoils the last content file.
enum FileDamage: String, CaseIterable, Sendable {
    case corrupt, anotherFormat, tooLarge, readableByOthers

    func apply(to file: URL) throws {
        switch self {
        case .corrupt: try PrivateFile.write(Data("{\"format\": \"errorflow-last-con".utf8), to: file)
        case .anotherFormat:
            try PrivateFile.write(Data(#"{"format": "errorflow-session/1", "entries": []}"#.utf8), to: file)
        case .tooLarge: try PrivateFile.write(Data(count: LastContentStore.byteLimit + 1), to: file)
        case .readableByOthers: #expect(chmod(file.path, 0o644) == 0)
        }
    }
}

/// A wall clock that moves only when told.
final class TestClock: @unchecked Sendable {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    var now: Date { lock.withLock { start.addingTimeInterval(offset) } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }
}

/// A value shared with a closure that reads it later.
/// Counts, from any thread.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add() {
        count.withLock { $0 += 1 }
    }
}

actor Holder<Value: Sendable> {
    private(set) var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func set(_ value: Value) {
        self.value = value
    }
}
