import Foundation
import PrivateFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A private file that several processes change", .timeLimit(.minutes(3)))
struct SharedPrivateFileTests {
    /// Every change reads the file as it is under the lock: concurrent read-modify-writes lose nothing.
    @Test func changesUnderTheLockLoseNothing() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("state/count")

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await PrivateFile.change(file) { read in
                        let count = (try? read.get()).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
                        return (.write(Data(String(count + 1).utf8)), ())
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(PrivateFile.read(file) == .success(Data("40".utf8)))
    }

    @Test func whileAnotherHolderKeepsTheLockItGivesUpAfterItsPatience() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("session.json")
        try PrivateFile.write(Data("mine".utf8), to: file)
        let holder = open(file.path + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)

        await #expect(throws: PrivateFileError.busy(path: file.path)) {
            try await PrivateFile.change(file, patience: .milliseconds(200)) { _ in (.write(Data("theirs".utf8)), ()) }
        }
        #expect(PrivateFile.read(file) == .success(Data("mine".utf8)), "nothing was written without the lock")
    }

    @Test func aChangeThatWritesNothingCreatesNoFolder() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("not/yet/outbox.json")

        let seen = try await PrivateFile.change(file) { read in (.keep, read) }

        #expect(seen == .failure(.absent(path: file.path)))
        #expect(PrivateFile.kind(at: folder.url) == .absent)
    }

    @Test func theLockFileIsPrivateAndStays() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("a/outbox.json")

        try await PrivateFile.change(file) { _ in (.write(Data("x".utf8)), ()) }
        try await PrivateFile.change(file) { _ in (.remove, ()) }

        let lock = folder.url.appendingPathComponent("a/outbox.json.lock")
        #expect(PrivateFile.kind(at: lock) == .regularFile)
        #expect(PrivateFile.kind(at: file) == .absent)
        #expect(try mode(of: lock) & 0o077 == 0)
    }

    @Test func aFileMovedAsideKeepsItsContentWithMode0600() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("outbox.json")
        try Data("someone else's".utf8).write(to: file)
        #expect(chmod(file.path, 0o644) == 0)

        let first = try PrivateFile.moveAside(file, at: Date(timeIntervalSince1970: 0))
        try Data("again".utf8).write(to: file)
        let second = try PrivateFile.moveAside(file, at: Date(timeIntervalSince1970: 0))

        #expect(first.lastPathComponent == "outbox.json.unreadable-19700101T000000Z")
        #expect(second.lastPathComponent == "outbox.json.unreadable-19700101T000000Z-2", "never over another")
        #expect(FileManager.default.contents(atPath: first.path) == Data("someone else's".utf8))
        #expect(try mode(of: first) == 0o600)
        #expect(PrivateFile.kind(at: file) == .absent)
    }

    @Test func aStampChangesWithEveryAtomicWrite() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("x.json")
        try PrivateFile.write(Data("a".utf8), to: file)
        let before = FileStamp(of: file)

        try PrivateFile.write(Data("a".utf8), to: file)

        #expect(FileStamp(of: file) != before, "the same bytes, a new file")
        #expect(FileStamp(of: file) == FileStamp(of: file))
    }

    private func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
