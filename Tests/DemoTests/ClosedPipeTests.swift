import Foundation
import TestSupport
import Testing

/// Piped into a reader that leaves (`| head -1`, `| grep -q`), every command and format ends quietly with 141, what
/// a shell shows for a process that SIGPIPE ended: nothing traps, and nothing more is written.
/// One run at a time: thirty-odd binaries started together (under the thread sanitizer each is slow to start) would
/// starve the in-process tests that run beside them.
@Suite("A reader that leaves", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ClosedPipeTests {
    static let formats = ["text", "json", "mermaid", "html"]
    static let commands: [[String]] =
        [["--help"], ["tour", "--help"], ["--version"], ["--generate-completion-script", "bash"]]
        + formats.map { ["tour", "--only", "wallet-banned,offline", "--format", $0] }
        + ["payments", "wallet", "signin", "profile", "transfer"].flatMap { screen in
            formats.map { [screen, "--format", $0] }
        }
        + ["text", "json"].map { ["scenarios", "--format", $0] }
        + ["text", "json"].map {
            ["explain", "TransferError.unknown/networking/idempotency_key_reused", "--format", $0]
        }
        + ["text", "json"].map { ["session", "show", "--format", $0] }

    @Test(arguments: commands)
    func endsQuietlyWhenStdoutHasNoReader(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments, readerGone: .stdout)

        #expect(run.status == 141, "\(arguments.joined(separator: " ")): \(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot write"), "a reader that left is no failure: \(run.stderr)")
    }

    /// Stderr too (`2>&1 | head -1`): every command once, in its first format.
    @Test(arguments: commands.filter { !$0.contains("--format") || $0.contains("text") })
    func endsQuietlyWhenStdoutAndStderrHaveNoReader(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments, readerGone: .stdoutAndStderr)

        #expect(run.status == 141, "\(arguments.joined(separator: " "))")
    }

    @Test func aPassingTourWritesNothingOnStderr() async throws {
        let run = try await Binary.run(["tour"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "a backend stopped for its scenario is the scenario: \(run.stderr)")
    }
}
