import AuthFeature
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every change the session store makes, against every state the session file can be in: what the change answers,
/// what the file holds afterwards (what every other run sees), and what this run holds afterwards.
///
/// Three sessions take part: S1, the one this run refreshed from; S2, a newer one another run saved; S3, the one this
/// run offers (signed in, or refreshed from S1).
@Suite("FileSessionStore: every file state × every change", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SessionStoreStateTests {
    enum FileState: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case noFolder, absent, heldSession, newerSession, anotherFormat, readableByOthers, directory, symbolicLink
        case readOnly, lockHeld, absentLockHeld, noPlace

        var testDescription: String {
            switch self {
            case .noFolder: "no folder yet"
            case .absent: "no file (signed out)"
            case .heldSession: "holds S1, the session refreshed from"
            case .newerSession: "holds S2, saved by another run"
            case .anotherFormat: "a file errorflow did not write"
            case .readableByOthers: "S1, readable by others (0644)"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link to a session"
            case .readOnly: "S1, read-only (0400)"
            case .lockHeld: "S1, its lock held by another process"
            case .absentLockHeld: "no file, its lock held by another process"
            case .noPlace: "a path under a regular file"
            }
        }
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case load, signIn, refresh, refuseRefreshToken, refuseAccessToken, signOut

        var testDescription: String {
            switch self {
            case .load: "load"
            case .signIn: "save S3 (sign-in)"
            case .refresh: "replace with S3 after S1's refresh token"
            case .refuseRefreshToken: "remove if it still holds S1's refresh token"
            case .refuseAccessToken: "remove if it still holds S1's access token"
            case .signOut: "clear (sign out)"
            }
        }
    }

    /// What the file holds after a change, for every other run.
    enum FileAfter: Equatable {
        /// Exactly what it held before (nothing, when nothing was there).
        case unchanged
        /// Nothing: the file is gone.
        case absent
        /// This session, written by the change.
        case holds(Int)
    }

    struct Expected: Equatable {
        /// What the change answered.
        var answer: String
        var file: FileAfter
        /// What `load()` answers in this run afterwards.
        var thisRun: String
    }

    /// The table: every state × every change (the compiler checks that none is missing).
    static func expected(_ state: FileState, _ change: Change) -> Expected {
        switch (state, change) {
        case (.noFolder, .load), (.absent, .load), (.absentLockHeld, .load), (.noPlace, .load):
            Expected(answer: "nil", file: .unchanged, thisRun: "nil")
        case (.noFolder, .signIn), (.absent, .signIn), (.heldSession, .signIn), (.newerSession, .signIn):
            Expected(answer: "saved", file: .holds(3), thisRun: "S3")
        case (.noFolder, .refresh), (.absent, .refresh), (.absentLockHeld, .refresh), (.noPlace, .refresh):
            Expected(answer: "nil", file: .unchanged, thisRun: "nil")
        case (.noFolder, .refuseRefreshToken), (.noFolder, .refuseAccessToken), (.absent, .refuseRefreshToken),
            (.absent, .refuseAccessToken), (.absentLockHeld, .refuseRefreshToken),
            (.absentLockHeld, .refuseAccessToken), (.noPlace, .refuseRefreshToken), (.noPlace, .refuseAccessToken):
            Expected(answer: "absent", file: .unchanged, thisRun: "nil")
        case (.noFolder, .signOut), (.absent, .signOut), (.absentLockHeld, .signOut), (.noPlace, .signOut):
            Expected(answer: "false", file: .unchanged, thisRun: "nil")

        case (.heldSession, .load), (.readOnly, .load), (.lockHeld, .load):
            Expected(answer: "S1", file: .unchanged, thisRun: "S1")
        case (.heldSession, .refresh):
            Expected(answer: "S3", file: .holds(3), thisRun: "S3")
        case (.heldSession, .refuseRefreshToken), (.heldSession, .refuseAccessToken),
            (.readOnly, .refuseRefreshToken), (.readOnly, .refuseAccessToken):
            Expected(answer: "removed", file: .absent, thisRun: "nil")
        case (.heldSession, .signOut), (.newerSession, .signOut), (.readOnly, .signOut):
            Expected(answer: "true", file: .absent, thisRun: "nil")

        case (.newerSession, .load), (.newerSession, .refresh):
            Expected(answer: "S2", file: .unchanged, thisRun: "S2")
        case (.newerSession, .refuseRefreshToken), (.newerSession, .refuseAccessToken):
            Expected(answer: "replaced by S2", file: .unchanged, thisRun: "S2")

        case (.anotherFormat, .load), (.readableByOthers, .load), (.directory, .load), (.symbolicLink, .load),
            (.anotherFormat, .refresh), (.readableByOthers, .refresh), (.directory, .refresh),
            (.symbolicLink, .refresh):
            Expected(answer: "nil", file: .unchanged, thisRun: "nil")
        case (.anotherFormat, .signIn), (.readableByOthers, .signIn), (.directory, .signIn), (.symbolicLink, .signIn):
            Expected(answer: "throws notASessionFile", file: .unchanged, thisRun: "S3")
        case (.anotherFormat, .refuseRefreshToken), (.anotherFormat, .refuseAccessToken),
            (.readableByOthers, .refuseRefreshToken), (.readableByOthers, .refuseAccessToken),
            (.directory, .refuseRefreshToken), (.directory, .refuseAccessToken),
            (.symbolicLink, .refuseRefreshToken), (.symbolicLink, .refuseAccessToken):
            Expected(answer: "absent", file: .unchanged, thisRun: "nil")
        case (.anotherFormat, .signOut), (.readableByOthers, .signOut), (.directory, .signOut),
            (.symbolicLink, .signOut):
            Expected(answer: "throws notASessionFile", file: .unchanged, thisRun: "nil")

        case (.readOnly, .signIn), (.noPlace, .signIn):
            Expected(answer: "throws unwritable", file: .unchanged, thisRun: "S3")
        case (.readOnly, .refresh):
            Expected(answer: "throws unwritable", file: .unchanged, thisRun: "S3")

        case (.lockHeld, .signIn), (.lockHeld, .refresh), (.absentLockHeld, .signIn):
            Expected(answer: "throws busy", file: .unchanged, thisRun: "S3")
        case (.lockHeld, .refuseRefreshToken), (.lockHeld, .refuseAccessToken):
            Expected(answer: "removed", file: .unchanged, thisRun: "nil")
        case (.lockHeld, .signOut):
            Expected(answer: "throws busy", file: .unchanged, thisRun: "nil")

        }
    }

    @Test(arguments: FileState.allCases, Change.allCases)
    func everyChangeInEveryStateIsAsTheTableSays(_ state: FileState, _ change: Change) async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("config/errorflow/session.json")
        let release = try arrange(state, at: path, in: folder)
        let before = FileSnapshot(path)
        let sut = FileSessionStore(path: path, patience: .milliseconds(20), logger: quietLogger)

        let answer = await perform(change, on: sut)
        release()
        let thisRun = name(sut.load())

        let expected = Self.expected(state, change)
        #expect(answer == expected.answer)
        #expect(thisRun == expected.thisRun, "what this run holds afterwards")
        switch expected.file {
        case .unchanged: #expect(FileSnapshot(path) == before, "the file is as it was")
        case .absent: #expect(PrivateFileKind.of(path) == "absent", "the file is gone")
        case .holds(let index):
            let other = FileSessionStore(path: path, logger: quietLogger).load()
            #expect(name(other) == "S\(index)", "another run reads it")
        }
    }

    // MARK: - Helpers

    static func session(_ index: Int) -> StoredSession { FileSessionStoreTests.session(index) }

    private func perform(_ change: Change, on sut: FileSessionStore) async -> String {
        switch change {
        case .load:
            return name(sut.load())
        case .signIn:
            return describe(await outcome(of: SessionStoreError.self, try await sut.save(Self.session(3)))) { "saved" }
        case .refresh:
            return describe(
                await outcome(of: SessionStoreError.self, try await sut.replace(Self.session(3), after: "refresh-1"))
            ) { name($0) }
        case .refuseRefreshToken:
            return describe(await sut.remove(ifStillHolding: .refreshToken("refresh-1")))
        case .refuseAccessToken:
            return describe(await sut.remove(ifStillHolding: .accessToken(FileSessionStoreTests.access(1))))
        case .signOut:
            return describe(await outcome(of: SessionStoreError.self, try await sut.clear())) { "\($0)" }
        }
    }

    /// Puts the file in `state`; returns what lets go of a held lock.
    private func arrange(_ state: FileState, at path: URL, in folder: TemporaryFolder) throws -> () -> Void {
        let manager = FileManager.default
        if state != .noFolder, state != .noPlace {
            try manager.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        func write(_ index: Int, mode: Int) throws {
            try JSONEncoder().encode(Self.session(index)).write(to: path)
            try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)
        }
        switch state {
        case .noFolder, .absent:
            break
        case .heldSession, .lockHeld:
            try write(1, mode: 0o600)
        case .newerSession:
            try write(2, mode: 0o600)
        case .anotherFormat:
            try Data(#"{"format":"another-tool/1","token":"x"}"#.utf8).write(to: path)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path.path)
        case .readableByOthers:
            try write(1, mode: 0o644)
        case .directory:
            try manager.createDirectory(at: path, withIntermediateDirectories: true)
        case .symbolicLink:
            let target = folder.url.appendingPathComponent("elsewhere.json")
            try JSONEncoder().encode(Self.session(1)).write(to: target)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
            try manager.createSymbolicLink(at: path, withDestinationURL: target)
        case .readOnly:
            try write(1, mode: 0o400)
        case .absentLockHeld:
            break
        case .noPlace:
            try manager.createDirectory(
                at: folder.url.appendingPathComponent("config"), withIntermediateDirectories: true)
            try Data("a file where a folder should be".utf8).write(to: path.deletingLastPathComponent())
        }
        guard state == .lockHeld || state == .absentLockHeld else { return {} }
        let lock = try HeldLock(for: path)
        return { lock.release() }
    }

    private func name(_ session: StoredSession?) -> String {
        session.map { "S" + $0.refreshToken.dropFirst("refresh-".count) } ?? "nil"
    }

    private func describe<Value>(_ result: Result<Value, SessionStoreError>, _ success: (Value) -> String) -> String {
        switch result {
        case .success(let value): success(value)
        case .failure(.busy): "throws busy"
        case .failure(.unwritable): "throws unwritable"
        case .failure(.notASessionFile): "throws notASessionFile"
        }
    }

    private func describe(_ removal: SessionRemoval) -> String {
        switch removal {
        case .removed: "removed"
        case .absent: "absent"
        case .replaced(let newer): "replaced by \(name(newer))"
        }
    }
}

/// What is at a path, as a test compares it before and after: its kind, mode, bytes, or link target.
struct FileSnapshot: Equatable {
    let kind: String
    let mode: Int?
    let content: Data?
    let folderExists: Bool

    init(_ url: URL) {
        let manager = FileManager.default
        kind = PrivateFileKind.of(url)
        let attributes = try? manager.attributesOfItem(atPath: url.path)
        mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue
        switch kind {
        case "file": content = manager.contents(atPath: url.path)
        case "link": content = (try? manager.destinationOfSymbolicLink(atPath: url.path)).map { Data($0.utf8) }
        default: content = nil
        }
        var isFolder: ObjCBool = false
        folderExists =
            manager.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder)
            && isFolder.boolValue
    }
}

/// The kind of what is at a path, without following a link.
enum PrivateFileKind {
    static func of(_ url: URL) -> String {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return "absent" }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return "file"
        case S_IFDIR: return "directory"
        case S_IFLNK: return "link"
        default: return "other"
        }
    }
}

/// The session file's lock, held as another process holds it (`flock` on `<name>.lock`), until released.
final class HeldLock: Sendable {
    private let descriptor: Int32

    init(for path: URL) throws {
        descriptor = open(path.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw CocoaError(.fileLocking)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
