import Foundation
import SharedError
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A backend that sends terminal controls in every string, and a user whose URL carries a password: the CLI prints
/// only text, and never the password.
@Suite("Hostile text and careless URLs", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct HostileBackendTests {
    /// Every string of every answer ends with escape sequences, a bell, C1 controls and an OSC 52 clipboard write;
    /// the user's own note carries some too. Text, JSON, Mermaid, HTML, notes and log lines come out as text. One
    /// screen a case, so each case stays well inside its time limit under the thread sanitizer.
    @Test(arguments: [
        ["payments"], ["wallet"], ["profile"],
        [
            "transfer", "--to", "CH93 0076 2011 6238 5295 7", "--amount", "2.00",
            "--note", "rent \u{1B}]52;c;aGk=\u{07}\u{1B}[31m",
        ],
    ])
    func controlsInEveryFieldOfEveryAnswerNeverReachTheOutput(_ screen: [String]) async throws {
        let backend = try await ContractBackend.start()
        await backend.plantControlsInEveryString()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        var runs: [(String, Binary.Run)] = []
        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve", "-v"], home: home.url)
        runs.append(("signin", signIn))
        for format in [["--trace", "-v"], ["--format", "json"], ["--format", "mermaid"]] {
            let run = try await Binary.run(screen + ["--base-url", url] + format, home: home.url)
            runs.append(((screen + format).joined(separator: " "), run))
        }
        let page = home.url.appendingPathComponent("page.html")
        let html = try await Binary.run(
            screen + ["--base-url", url, "--format", "html", "--output", page.path], home: home.url)
        let written = Binary.Run(
            status: html.status, stdout: try String(contentsOf: page, encoding: .utf8), stderr: html.stderr,
            timedOut: html.timedOut)
        runs.append((screen[0] + " html", written))
        runs.append(("session show", try await Binary.run(["session", "show"], home: home.url)))
        runs.append(("session json", try await Binary.run(["session", "show", "--format", "json"], home: home.url)))

        #expect(signIn.stdout.contains("Signed in as"), "\(signIn.stdout)")
        if screen[0] == "transfer" {
            let made = await backend.transferCount
            #expect(made == 1, "the hostile backend was used, and the transfer made once: \(made)")
        }
        for (name, run) in runs {
            #expect(!run.timedOut, "\(name) ended in time")
            #expect(Self.controls(in: run.stdout).isEmpty, "\(name) stdout: \(Self.controls(in: run.stdout))")
            #expect(Self.controls(in: run.stderr).isEmpty, "\(name) stderr: \(Self.controls(in: run.stderr))")
            #expect(Self.controlEscapes(in: run.stdout).isEmpty, "\(name): \(Self.controlEscapes(in: run.stdout))")
        }
        await backend.stop()
    }

    @Test(arguments: [
        ["payments", "--base-url", "http://ada:s3cret-pw@127.0.0.1:9"],
        ["signin", "--answer", "approve", "--base-url", "http://ada:s3cret-pw@127.0.0.1:9"],
        ["transfer", "--to", "CH93", "--amount", "1.00", "--base-url", "https://ada:s3cret-pw@api.example.com"],
        ["wallet", "--format", "json", "--base-url", "http://:s3cret-pw@127.0.0.1:9/v1"],
        ["profile", "--format", "html", "--base-url", "http://ada:s3cret-pw@"],
    ])
    func aURLWithAPasswordIsRefusedWithoutShowingIt(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments)

        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("s3cret-pw"), "\(run.stderr)")
        #expect(run.stderr.contains("***@"), "\(run.stderr)")
    }

    @Test func anIPv6LoopbackBackendWorksEndToEnd() async throws {
        let backend = try await ContractBackend.start(address: "::1")
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString

        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        let wallet = try await Binary.run(["wallet", "--base-url", url], home: home.url)

        #expect(url.hasPrefix("http://[::1]:"))
        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(wallet.status == 0, "\(wallet.stderr)")
        #expect(wallet.stdout.contains("CHF 31.40"), "\(wallet.stdout)")
        await backend.stop()
    }

    /// A URL the chosen transport cannot send is the user's to change: one line, exit 2, nothing sent.
    @Test func anIPv6URLTheURLSessionTransportCannotSendIsAUsageError() async throws {
        #if canImport(FoundationNetworking)
            let run = try await Binary.run(
                ["wallet", "--base-url", "http://[::1]:9"], environment: ["ERRORFLOW_TRANSPORT": "urlsession"])

            #expect(run.status == 2)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("IPv6"))
        #endif
    }

    // MARK: - Helpers

    /// The control characters in `text`, newlines and tabs aside.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    /// JSON escapes of control characters in `text`: `\u001b`, `\r`, `\b`, `\f`, `\u0085`.
    static func controlEscapes(in text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        var index = 0
        while index + 1 < characters.count {
            guard characters[index] == "\\" else {
                index += 1
                continue
            }
            let next = characters[index + 1]
            if "bfr".contains(next) { found.append("\\\(next)") }
            if next == "u", index + 6 <= characters.count,
                let value = UInt32(String(characters[index + 2..<index + 6]), radix: 16),
                (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
            {
                found.append("\\u" + String(characters[index + 2..<index + 6]))
            }
            index += 2
        }
        return found
    }
}

/// `--output` writes where the user points, or refuses; it never replaces or removes anything but a regular file.
@Suite("--output onto every kind of path", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct OutputPathTests {
    /// A screen that needs no backend and no demo: a sign-in the user cancels, to a port nobody is asked.
    private let command = ["signin", "--base-url", "http://127.0.0.1:9", "--answer", "cancel"]

    private func makeFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        return folder
    }

    @Test func aNewFileAndARegularFileAreWrittenAtomically() async throws {
        let folder = try makeFolder()
        let file = folder.url.appendingPathComponent("page.txt")
        try Data("old".utf8).write(to: file)
        let before = try inode(of: file)

        let run = try await Binary.run(command + ["--output", file.path])

        #expect(run.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("Not signed in"))
        #expect(try inode(of: file) != before, "a new file was renamed over the old one")
        #expect(run.stderr.contains("wrote \(file.path)"))
    }

    @Test func aFIFOIsWrittenThroughToItsReaderAndStaysAFIFO() async throws {
        let folder = try makeFolder()
        let fifo = folder.url.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let received = Self.readAll(fifo)

        let run = try await Binary.run(command + ["--output", fifo.path])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(await received.value.contains("Not signed in"))
        #expect(try kind(of: fifo) == S_IFIFO)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() async throws {
        let folder = try makeFolder()
        let target = folder.url.appendingPathComponent("target.txt")
        try Data("old".utf8).write(to: target)
        let link = folder.url.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let run = try await Binary.run(command + ["--output", link.path])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Not signed in"))
    }

    @Test func aLinkToNothingAndAFolderAreRefusedAndLeft() async throws {
        let folder = try makeFolder()
        let dangling = folder.url.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(
            at: dangling, withDestinationURL: folder.url.appendingPathComponent("nowhere"))

        let toNothing = try await Binary.run(command + ["--output", dangling.path])
        let toFolder = try await Binary.run(command + ["--output", folder.url.path])

        #expect(toNothing.status == 2)
        #expect(toNothing.stderr.split(separator: "\n").count == 1, "\(toNothing.stderr)")
        #expect(try kind(of: dangling, following: false) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("nowhere").path))
        #expect(toFolder.status == 2)
    }

    @Test func aFullDeviceIsExit1WithOneLine() async throws {
        let folder = try makeFolder()
        let full = try Self.device(named: "full", minor: 7, in: folder, otherwise: "/dev/full")

        let run = try await Binary.run(command + ["--output", full.path])

        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write \(full.path)"))
        #expect(try kind(of: full) == S_IFCHR, "the device is still a device")
    }

    /// A character device (a null device) and a link to the process's stdout, as `/dev/null` and `/dev/stdout` are,
    /// made in a folder of the test's own: should the code ever replace them, it replaces these, never the
    /// machine's.
    @Test func aDeviceAndALinkToStdoutAreWrittenThroughAndStayAsTheyWere() async throws {
        let folder = try makeFolder()
        let null = try Self.device(named: "null", minor: 3, in: folder, otherwise: "/dev/null")
        let stdoutLink = folder.url.appendingPathComponent("stdout")
        try FileManager.default.createSymbolicLink(
            at: stdoutLink, withDestinationURL: URL(fileURLWithPath: "/proc/self/fd/1"))

        let toNull = try await Binary.run(command + ["--output", null.path])
        let toStdout = try await Binary.run(command + ["--output", stdoutLink.path])

        #expect(toNull.status == 0)
        #expect(try kind(of: null) == S_IFCHR)
        #expect(toStdout.status == 0, "\(toStdout.stderr)")
        #expect(toStdout.stdout.contains("Not signed in"), "the page came out on stdout")
        #expect(try kind(of: stdoutLink, following: false) == S_IFLNK)
    }

    /// A character device `1, minor` (Linux's memory devices: 3 null, 7 full) in `folder`, or the machine's own
    /// where device nodes cannot be made (without privileges the code could not replace the machine's either).
    private static func device(named name: String, minor: UInt32, in folder: TemporaryFolder, otherwise: String)
        throws -> URL
    {
        let url = folder.url.appendingPathComponent(name)
        guard mknod(url.path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else {
            return URL(fileURLWithPath: otherwise)
        }
        return url
    }

    @Test func aBlockDeviceIsRefusedAndLeft() async throws {
        let folder = try makeFolder()
        let device = folder.url.appendingPathComponent("disk")
        // Making a device node needs privileges; where there are none, there is nothing to test.
        guard mknod(device.path, S_IFBLK | 0o600, dev_t(7 << 8 | 200)) == 0 else { return }

        let run = try await Binary.run(command + ["--output", device.path])

        #expect(run.status == 2)
        #expect(run.stderr.contains("block device"))
        #expect(try kind(of: device) == S_IFBLK)
    }

    /// Reads what a FIFO's writer writes, on a thread of its own (opening a FIFO blocks until a writer comes).
    private static func readAll(_ fifo: URL) -> Task<String, Never> {
        let result = LockedState(Data())
        let done = AsyncGateSignal()
        let thread = Thread {
            let descriptor = open(fifo.path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                result.withLock { $0.append(contentsOf: buffer[0..<count]) }
            }
            if descriptor >= 0 { close(descriptor) }
            done.fire()
        }
        thread.start()
        return Task {
            _ = await done.wait(atMost: .seconds(60))
            return String(decoding: result.withLock { $0 }, as: UTF8.self)
        }
    }

    private func inode(of url: URL) throws -> UInt64 {
        try #require(FileStatus.inode(of: url))
    }

    private func kind(of url: URL, following: Bool = true) throws -> mode_t {
        try #require(FileStatus.type(of: url, following: following))
    }
}
