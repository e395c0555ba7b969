import Foundation
import SharedError
import TestSupport
import Testing

@testable import App

/// The CLI as a user runs it: the built binary, its output and its exit codes.
@Suite("The errorflow binary", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct CLITests {
    @Test(arguments: [
        "not a url", "ftp://host", "http://", "127.0.0.1:8080", "http://127.0.0.1:99999", "http://127.0.0.1:0",
    ])
    func aMalformedBaseURLExits2(_ value: String) async throws {
        let run = try await Binary.run(["payments", "--base-url", value])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--base-url"))
    }

    @Test func anUppercaseSchemeIsStillHTTP() async throws {
        let home = TemporaryFolder()
        let closed = try await signedIn(at: home)

        let run = try await Binary.run(
            ["payments", "--base-url", closed.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")],
            home: home.url)

        #expect(run.status == 3, "\(run.stderr)")
    }

    @Test func anUnreachableBackendIsTheNetworkUnavailableMessageWithExit3() async throws {
        let home = TemporaryFolder()
        let closed = try await signedIn(at: home)

        let run = try await Binary.run(["payments", "--base-url", closed.absoluteString], home: home.url)

        #expect(run.status == 3)
        #expect(run.stdout.contains("Network unavailable"))
    }

    @Test func sessionFileIsOnlyForBaseURLRuns() async throws {
        let run = try await Binary.run(["payments", "--session-file", "/tmp/x.json"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("--session-file is for --base-url runs"))
    }

    @Test(arguments: [["frobnicate"], ["payments", "--frobnicate"], ["--env", "staging", "payments"]])
    func usageErrorsExit2WithTheUsage(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments)

        #expect(run.status == 2)
        #expect(run.stderr.contains("Usage:"))
    }

    @Test func helpExplainsTheCommandsAndTheExitCodes() async throws {
        let run = try await Binary.run(["--help"])

        #expect(run.status == 0)
        for command in ["payments", "wallet", "signin", "profile", "transfer", "session"] {
            #expect(run.stdout.contains(command))
        }
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("3 the backend could not be reached or does not speak the contract"))
    }

    @Test func helpSpellsOutEveryExitCodeInOneParagraph() async throws {
        let run = try await Binary.run(["--help"], environment: ["COLUMNS": "80"])

        let paragraph = run.stdout.components(separatedBy: "\n\n").dropFirst().first?.components(separatedBy: "\n")
        #expect(
            paragraph == [
                "Every screen runs against your backend at --base-url (sign in first; `errorflow",
                "session show` tells who is signed in). Exit codes: 0 the screen rendered (empty",
                "states and ignored errors included), 1 an error was presented or the user was",
                "routed away, 2 usage error, 3 the backend could not be reached or does not",
                "speak the contract, 4 a transfer was not sent because the pending-writes",
                "journal could not record it or would not let it out (a line on stderr says why",
                "and what to do), 5 the screen showed its last content because the backend could",
                "not be reached or did not answer in time, 141 the output's reader left (a",
                "closed pipe: | head).",
            ], "\(run.stdout)")
    }

    @Test func helpNamesEveryEnvironmentVariableTheAppReads() async throws {
        let run = try await Binary.run(["--help"])

        let read = [
            "LC_ALL", "LC_MESSAGES", "LANG", "ERRORFLOW_ERROR_REPORTS=off", "ERRORFLOW_TRANSPORT", "NO_COLOR",
            "XDG_CONFIG_HOME", "XDG_STATE_HOME",
        ]
        #expect(read.filter { !run.stdout.contains($0) } == [])
    }

    @Test func onATerminalSignInAsksOnStderrSoStdoutStaysTheScreens() async throws {
        let backend = try await ContractBackend.start()
        let run = try await Binary.run(
            ["signin", "--base-url", backend.baseURL.absoluteString, "--format", "json"],
            terminalInput: "perhaps\na\n")
        await backend.stop()

        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["outcome"] as? String == "content", "stdout is exactly the JSON object: \(run.stdout)")
        #expect(
            run.stderr.components(separatedBy: "Continue as Ada Lovelace?").count == 3, "asked again after 'perhaps'")
    }

    @Test func onATerminalTheEndOfInputIsACancel() async throws {
        let run = try await Binary.run(
            ["signin", "--base-url", "http://127.0.0.1:9", "--format", "json"], terminalInput: "\u{04}")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""outcome" : "ignored""#), "\(run.stdout)")
    }

    @Test(arguments: [
        (true, [String: String](), true), (false, [:], false), (true, ["NO_COLOR": "1"], false),
        (true, ["TERM": "dumb"], false), (true, ["NO_COLOR": ""], true),
    ])
    func colourOnlyOnATerminalAndNeverWithNoColor(_ isTerminal: Bool, _ environment: [String: String], _ colour: Bool) {
        #expect(Console.style(isTerminal: isTerminal, environment: environment).usesColor == colour)
    }

    /// Puts a session into `home`'s default session file, as a sign-in against some backend would.
    /// Signs in against a backend that then stops: its address is closed, and the session belongs to it.
    private func signedIn(at home: TemporaryFolder) async throws -> URL {
        let backend = try await ContractBackend.start()
        let run = try await Binary.run(
            ["signin", "--base-url", backend.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        await backend.stop()
        #expect(run.status == 0, "\(run.stderr)")
        return backend.baseURL
    }
}
