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
                "Every screen runs against your backend at --base-url (sign in first;",
                "`errorflow-app session show` tells who is signed in). Exit codes: 0 the screen",
                "rendered (empty states and ignored errors included), 1 an error was presented",
                "or the user was routed away, 2 usage error, 3 the backend could not be reached",
                "or does not speak the contract, 4 a transfer was not sent because the",
                "pending-writes journal could not record it or would not let it out (a line on",
                "stderr says why and what to do), 5 the screen showed its last content because",
                "the backend could not be reached or did not answer in time, 141 the output's",
                "reader left (a closed pipe: | head).",
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

/// `errorflow-app` piped into a reader that leaves ends as `errorflow` does: quietly, with 141.
@Suite("errorflow-app and a reader that leaves", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct AppClosedPipeTests {
    @Test(arguments: [["--help"], ["session", "show"], ["payments", "--base-url", "http://127.0.0.1:9"]])
    func endsQuietly(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments, readerGone: .stdoutAndStderr)

        #expect(run.status == 141, "\(arguments.joined(separator: " "))")
    }
}

/// An `ERRORFLOW_*` variable the app does not know the value of is a usage error that names the accepted values.
@Suite("The environment's settings")
struct EnvironmentSettingsTests {
    @Test func anUnknownTransportIsAUsageErrorNamingTheTransports() async throws {
        let run = try await Binary.run(["session", "show"], environment: ["ERRORFLOW_TRANSPORT": "bogus"])

        #expect(run.status == 2)
        #expect(
            run.stderr
                == "errorflow-app: ERRORFLOW_TRANSPORT=bogus is not a transport: give async-http-client or urlsession, or leave it unset for the platform's\n"
        )
    }

    @Test(arguments: ["maybe", "no"])
    func anUnknownReportsSettingIsRefused(_ value: String) {
        #expect(
            Console.environmentProblem(["ERRORFLOW_ERROR_REPORTS": value])
                == "ERRORFLOW_ERROR_REPORTS=\(value) is not a setting: give off (or 0, false) to send no error report, or on (1, true)"
        )
    }

    @Test(arguments: ["", "off", "OFF", "0", "false", "on", "1", "true"])
    func aKnownReportsSettingOrNoneIsTaken(_ value: String) {
        #expect(Console.environmentProblem(["ERRORFLOW_ERROR_REPORTS": value, "ERRORFLOW_TRANSPORT": ""]) == nil)
    }

    @Test func aLongValueIsEchoedCutToTwoHundredCharacters() throws {
        let problem = try #require(
            Console.environmentProblem(["ERRORFLOW_TRANSPORT": String(repeating: "x", count: 900)]))

        #expect(problem.contains(String(repeating: "x", count: 200) + "… (700 more characters)"))
        #expect(!problem.contains(String(repeating: "x", count: 201)))
    }
}

/// What a person typed gets the message about what is wrong with it.
@Suite("Messages about what was typed")
struct InputMessageTests {
    @Test func aNegativeAmountIsAValueRefusedAsNotAboveZero() async throws {
        let run = try await Binary.run([
            "transfer", "--base-url", "http://127.0.0.1:9", "--to", "DE89 3704 0044 0532 0130 00", "--amount", "-3",
        ])

        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("Enter an amount above zero."), "\(run.stdout)")
    }

    @Test func aKeyOfEightCharactersThatNothingMatchesSaysHowToListTheWaitingOnes() async throws {
        let run = try await Binary.run([
            "transfer", "--pending", "--dismiss", "abcdefgh", "--base-url", "http://127.0.0.1:9",
        ])

        #expect(run.status == 2)
        #expect(
            run.stderr
                == "errorflow-app: no single pending write to http://127.0.0.1:9 has a key starting with 'abcdefgh': `errorflow-app transfer --pending --base-url http://127.0.0.1:9` lists the waiting ones\n"
        )
    }

    @Test func anUnknownTypeIsEchoedCutToTwoHundredCharacters() async throws {
        let type = String(repeating: "T", count: 100_000)

        let run = try await Binary.run(["explain", "\(type).unknown/data/-"])

        #expect(run.status == 2)
        #expect(run.stderr.contains(String(repeating: "T", count: 200) + "… (99815 more characters)"))
        #expect(run.stderr.utf8.count < 2_000, "\(run.stderr.utf8.count) bytes")
    }

    @Test func aCAFileThatIsNotThereIsSaidToBeMissing() async throws {
        let run = try await Binary.run(["proxy", "--to", "http://127.0.0.1:9", "--ca-file", "/nonexistent.pem"])

        #expect(run.status == 2)
        #expect(run.stderr == "errorflow-app: --ca-file /nonexistent.pem cannot be used: there is no such file\n")
    }

    @Test func aMistypedReferenceWithABackendIsSaidToBeNoReference() async throws {
        let run = try await Binary.run(["explain", "S4NN-KDJ", "--base-url", "http://127.0.0.1:9"])

        #expect(run.status == 2)
        #expect(
            run.stderr
                == "errorflow-app: S4NN-KDJ is not a reference (XXXX-XXXX: 8 letters and digits); check what you copied\n"
        )
    }
}

/// The binary calls itself by the name it was started by: its help, its completion script and its hints.
@Suite("The binary's name")
struct BinaryNameTests {
    @Test func helpAndCompletionCallItErrorflowApp() async throws {
        let help = try await Binary.run(["--help"])
        let completion = try await Binary.run(["--generate-completion-script", "bash"])

        #expect(help.stdout.contains("USAGE: errorflow-app <subcommand>"), "\(help.stdout)")
        #expect(
            completion.stdout.contains("-F _errorflow-app errorflow-app"), "\(completion.stdout.suffix(300))")
    }

    @Test func aHintNamesTheBinaryThatIsRunning() async throws {
        let run = try await Binary.run(["payments", "--base-url", "http://127.0.0.1:9"])

        #expect(
            run.stderr.contains("sign in first with `errorflow-app signin --base-url http://127.0.0.1:9`"),
            "\(run.stderr)")
    }
}
