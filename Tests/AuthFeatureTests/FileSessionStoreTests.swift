import AuthFeature
import Foundation
import Logging
import Networking
import TestSupport
import Testing

@Suite("FileSessionStore", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct FileSessionStoreTests {
    private let folder = TemporaryFolder()
    private var path: URL { folder.url.appendingPathComponent("config/errorflow/session.json") }

    @Test func writesTheFileWithMode0600InAFolderWithMode0700() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)

        try await sut.save(Self.session(1))

        #expect(try permissions(of: path) == 0o600)
        #expect(try permissions(of: path.deletingLastPathComponent()) == 0o700)
    }

    @Test func readsBackWhatItWrote() async throws {
        try await FileSessionStore(path: path, logger: quietLogger).save(Self.session(1))

        let loaded = FileSessionStore(path: path, logger: quietLogger).load()

        #expect(loaded == Self.session(1))
    }

    // Quality bar 16: a reader never sees half a session, however the writes and reads interleave.
    @Test func aWriteIsAtomicForAConcurrentReader() async throws {
        let writer = FileSessionStore(path: path, logger: quietLogger)
        try await writer.save(Self.session(0))
        let capture = LogCapture()

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...60 { try? await writer.save(Self.session(index)) }
            }
            group.addTask { [path] in
                for _ in 0..<300 {
                    let loaded = FileSessionStore(path: path, logger: capture.logger()).load()
                    #expect(loaded != nil, "a complete session is always there")
                }
            }
        }

        #expect(capture.lines.filter { $0.contains("warning") }.isEmpty, "\(capture.lines.prefix(3))")
        #expect(try leftovers().isEmpty, "no temporary file is left behind")
    }

    /// A save writes a new file and renames it over the old one; it never rewrites the old file in place, so a
    /// save that dies half-way leaves the previous session whole. Seen through a descriptor opened on the old file
    /// before the save: an in-place writer would change what it reads.
    @Test func aSaveNeverRewritesThePreviousFileInPlace() async throws {
        try await FileSessionStore(path: path, logger: quietLogger).save(Self.session(1))
        let before = try Data(contentsOf: path)
        let previous = try FileHandle(forReadingFrom: path)
        defer { try? previous.close() }

        try await FileSessionStore(path: path, logger: quietLogger).save(Self.session(2))

        #expect(try previous.readToEnd() == before, "the old file is untouched")
        #expect(try Data(contentsOf: path) != before, "the path now holds the new session")
        #expect(try leftovers().isEmpty)
    }

    @Test(arguments: [#"{"accessToken":"#, "not json at all", #"{"accessToken":"a"}"#, ""])
    func aCorruptFileMeansSignedOutWithAClearLine(_ content: String) async throws {
        try write(content, mode: 0o600)
        let capture = LogCapture()

        let loaded = FileSessionStore(path: path, logger: capture.logger()).load()

        #expect(loaded == nil)
        #expect(capture.lines.contains { $0.contains("is not a valid session") && $0.contains("signed out") })
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o666])
    func aFileOthersCanReadIsIgnored(_ mode: Int) async throws {
        try await FileSessionStore(path: path, logger: quietLogger).save(Self.session(1))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)
        let capture = LogCapture()

        let loaded = FileSessionStore(path: path, logger: capture.logger()).load()

        #expect(loaded == nil)
        #expect(capture.lines.contains { $0.contains("can be read by others") && $0.contains(String(mode, radix: 8)) })
    }

    @Test func aDirectoryAtThePathMeansSignedOutAndStaysAsItIs() async throws {
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        let inside = path.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: inside)
        let capture = LogCapture()
        let sut = FileSessionStore(path: path, logger: capture.logger())

        let loaded = sut.load()
        _ = try? await sut.clear()

        #expect(loaded == nil)
        #expect(capture.lines.contains { $0.contains("is a directory") })
        #expect(try Data(contentsOf: inside) == Data("mine".utf8), "the directory and its files survive")
    }

    @Test func noFileMeansSignedOutQuietly() async {
        let capture = LogCapture()

        let loaded = FileSessionStore(path: path, logger: capture.logger()).load()

        #expect(loaded == nil)
        #expect(!capture.lines.contains { $0.hasPrefix("warning") })
    }

    @Test func clearingRemovesTheFile() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(Self.session(1))

        try await sut.clear()

        #expect(sut.load() == nil)
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    @Test func anUnwritablePathIsAClearErrorAndTheSessionStaysInMemory() async throws {
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let sut = FileSessionStore(path: blocker.appendingPathComponent("session.json"), logger: quietLogger)

        let result = await outcome(of: SessionStoreError.self, try await sut.save(Self.session(1)))

        let error = try #require(result.error)
        #expect("\(error)".contains("cannot write the session file"))
        #expect(!"\(error)".contains(Self.session(1).accessToken))
        #expect(sut.load() == Self.session(1))
    }

    @Test func tokensNeverReachALogLineOrADescription() async throws {
        let capture = LogCapture()
        let session = Self.session(7)
        let sut = FileSessionStore(path: path, logger: capture.logger())
        try await sut.save(session)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path.path)
        _ = FileSessionStore(path: path, logger: capture.logger()).load()
        try write("{broken", mode: 0o600)
        _ = FileSessionStore(path: path, logger: capture.logger()).load()
        _ = try? await sut.clear()

        let text = capture.lines.joined(separator: "\n") + "\(session)" + String(reflecting: session)
        #expect(!text.contains(session.accessToken))
        #expect(!text.contains(session.refreshToken))
    }

    // MARK: - Helpers

    static func access(_ index: Int) -> String {
        "access-\(index)-" + String(repeating: "a", count: 20_000)
    }

    static func session(_ index: Int) -> StoredSession {
        StoredSession(
            accessToken: access(index), refreshToken: "refresh-\(index)",
            expiresAt: nil, userID: "u-1", userName: "Ada \(index)", origin: nil)
    }

    private func write(_ content: String, mode: Int) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: path)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)
    }

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") }
    }
}

/// The session file shared by several runs: every read sees the file as it is, and a refusal ends the session
/// only while it still holds the refused token.
@Suite("FileSessionStore, shared by several runs", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SharedSessionStoreTests {
    private let folder = TemporaryFolder()
    private var path: URL { folder.url.appendingPathComponent("config/errorflow/session.json") }

    @Test func aLoadSeesWhatAnotherRunSavedSince() async throws {
        let mine = FileSessionStore(path: path, logger: quietLogger)
        try await mine.save(FileSessionStoreTests.session(1))
        #expect(mine.load() == FileSessionStoreTests.session(1))

        try await FileSessionStore(path: path, logger: quietLogger).save(FileSessionStoreTests.session(2))

        #expect(mine.load() == FileSessionStoreTests.session(2))
    }

    @Test func aRefusedTokenTheSessionStillHoldsEndsIt() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(FileSessionStoreTests.session(1))

        let removal = await sut.remove(ifStillHolding: .refreshToken("refresh-1"))

        #expect(removal == .removed)
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    @Test(arguments: [SessionCredential.refreshToken("refresh-1"), .accessToken(FileSessionStoreTests.access(1))])
    func aRefusedTokenAnotherRunReplacedLeavesItsSession(_ refused: SessionCredential) async throws {
        let mine = FileSessionStore(path: path, logger: quietLogger)
        try await mine.save(FileSessionStoreTests.session(1))
        _ = mine.load()
        try await FileSessionStore(path: path, logger: quietLogger).save(FileSessionStoreTests.session(2))
        let saved = try Data(contentsOf: path)

        let removal = await mine.remove(ifStillHolding: refused)

        #expect(removal == .replaced(by: FileSessionStoreTests.session(2)))
        #expect(try Data(contentsOf: path) == saved, "the other run's session is as it saved it")
    }

    @Test func refreshedTokensNeverOverwriteANewerSession() async throws {
        let mine = FileSessionStore(path: path, logger: quietLogger)
        try await mine.save(FileSessionStoreTests.session(1))
        try await FileSessionStore(path: path, logger: quietLogger).save(FileSessionStoreTests.session(2))

        let kept = try await mine.replace(FileSessionStoreTests.session(3), after: "refresh-1")

        #expect(kept == FileSessionStoreTests.session(2))
        #expect(FileSessionStore(path: path, logger: quietLogger).load() == FileSessionStoreTests.session(2))
    }

    @Test func refreshedTokensReplaceTheSessionTheyCameFrom() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(FileSessionStoreTests.session(1))

        #expect(try await sut.replace(FileSessionStoreTests.session(2), after: "refresh-1") == .session(2))
        #expect(FileSessionStore(path: path, logger: quietLogger).load() == FileSessionStoreTests.session(2))
    }

    /// The user signed out (here, another run removed the file) while the refresh was under way.
    @Test func refreshedTokensNeverBringBackASessionSignedOutMeanwhile() async throws {
        let sut = FileSessionStore(path: path, logger: quietLogger)
        try await sut.save(FileSessionStoreTests.session(1))
        #expect(try await FileSessionStore(path: path, logger: quietLogger).clear())

        let held = try await sut.replace(FileSessionStoreTests.session(2), after: "refresh-1")

        #expect(held == nil)
        #expect(!FileManager.default.fileExists(atPath: path.path), "the file stays absent")
        #expect(sut.load() == nil)
    }

    @Test(arguments: [0o644, 0o640, 0o604])
    func theCLIRefusesASessionFileOthersCanRead(_ mode: Int) async throws {
        try await FileSessionStore(path: path, logger: quietLogger).save(FileSessionStoreTests.session(1))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)

        let refusal = try #require(FileSessionStore.check(path))

        #expect("\(refusal)".contains("others can read it (mode \(String(mode, radix: 8)))"))
        #expect("\(refusal)".contains("chmod 600"))
    }
}

extension StoredSession {
    fileprivate static func session(_ index: Int) -> StoredSession { FileSessionStoreTests.session(index) }
}
