import Foundation
import PrivateFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PrivateFile: only ever a regular file, written atomically with mode 0600")
struct PrivateFileTests {
    @Test func writesAFileOnlyItsOwnerCanReadInFoldersOnlyTheOwnerCanEnter() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("a/b/private.json")

        try PrivateFile.write(Data("x".utf8), to: file)

        #expect(try mode(of: file) == 0o600)
        #expect(try mode(of: folder.url.appendingPathComponent("a")) == 0o700)
        #expect(try mode(of: folder.url.appendingPathComponent("a/b")) == 0o700)
        #expect(PrivateFile.read(file) == .success(Data("x".utf8)))
    }

    @Test func aFailedWriteLeavesNoFolderItCreated() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        // The name fits, but the temporary file beside it (name + UUID) is too long: the folders are made first,
        // then the write fails.
        let file = folder.url.appendingPathComponent("new/deeper/" + String(repeating: "a", count: 230))

        #expect(throws: PrivateFileError.self) { try PrivateFile.write(Data("x".utf8), to: file) }

        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aFolderPathThroughSomethingElseFailsAndLeavesIt() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let fifo = folder.url.appendingPathComponent("made")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        #expect(throws: PrivateFileError.self) {
            try PrivateFile.write(Data("x".utf8), to: fifo.appendingPathComponent("by/write/s.json"))
        }
        #expect(PrivateFile.kind(at: fifo) == .fifo, "what was there stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["made"])
    }

    @Test(arguments: PathCase.allCases)
    func refusesWhatIsNotARegularFileAndLeavesIt(_ path: PathCase) throws {
        let folder = ScratchFolder()
        let target = try path.make(in: folder.url)

        #expect(throws: PrivateFileError.self) { try PrivateFile.write(Data("x".utf8), to: target) }
        #expect(throws: PrivateFileError.self) { try PrivateFile.remove(target) }
        #expect(PrivateFile.kind(at: target) == path.kind)
    }

    @Test func removesARegularFileAndAcceptsOneThatIsAlreadyGone() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("x.json")
        try PrivateFile.write(Data("x".utf8), to: file)

        try PrivateFile.remove(file)
        try PrivateFile.remove(file)

        #expect(PrivateFile.kind(at: file) == .absent)
    }

    @Test func aReadOnlyFileIsNotReplaced() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("x.json")
        try PrivateFile.write(Data("kept".utf8), to: file)
        #expect(chmod(file.path, 0o400) == 0)

        #expect(throws: PrivateFileError.unwritable(path: file.path, reason: "it is read-only")) {
            try PrivateFile.write(Data("new".utf8), to: file)
        }
        #expect(FileManager.default.contents(atPath: file.path) == Data("kept".utf8))
    }

    @Test func aFileOthersCanReadIsNotReadAsPrivate() throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("x.json")
        try PrivateFile.write(Data("x".utf8), to: file)
        #expect(chmod(file.path, 0o644) == 0)

        #expect(PrivateFile.read(file) == .failure(.readableByOthers(path: file.path, mode: 0o644)))
    }

    @Test func anEmptyPathIsNeverACurrentFolder() {
        #expect(PrivateFile.kind(at: URL(fileURLWithPath: "")) != .absent)
    }

    enum PathCase: String, CaseIterable, CustomTestStringConvertible {
        case directory, symbolicLink, fifo, device

        var testDescription: String { rawValue }

        var kind: PathKind {
            switch self {
            case .directory: .directory
            case .symbolicLink: .symbolicLink
            case .fifo: .fifo
            case .device: .device
            }
        }

        func make(in folder: URL) throws -> URL {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent("target")
            switch self {
            case .directory:
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            case .symbolicLink:
                let real = folder.appendingPathComponent("real")
                try Data("real".utf8).write(to: real)
                try FileManager.default.createSymbolicLink(at: target, withDestinationURL: real)
            case .fifo:
                #expect(mkfifo(target.path, 0o600) == 0)
            case .device:
                return URL(fileURLWithPath: "/dev/null")
            }
            return target
        }
    }

    private func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}

/// A fresh folder path under the system's temporary directory, removed when the value goes away.
final class ScratchFolder: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("errorflow-private-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
