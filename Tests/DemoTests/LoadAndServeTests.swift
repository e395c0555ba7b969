import Foundation
import Networking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `load --base-url` refuses a URL with a query or a fragment as every screen does, and never shows it.
@Suite("No secret in load's base URL is printed", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LoadBaseURLSecretTests {
    static let secret = "sk-live-7f3a9c1e44"

    @Test(arguments: [
        "http://127.0.0.1:9/api?api_key=\(secret)", "https://api.example.com/?token=\(secret)&b=1",
        "http://127.0.0.1:9#\(secret)", "http://127.0.0.1:9/v1?",
    ])
    func aBaseURLWithAQueryOrAFragmentIsRefusedWithoutShowingIt(_ url: String) async throws {
        let run = try await Binary.run(["load", "--clients", "1", "--requests", "1", "--base-url", url])

        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(
            run.stderr.contains("carries a query (?…) or a fragment (#…); give the URL without it"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains(Self.secret), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}

/// `errorflow load` as a user runs it: repeatable with a seed, stopped cleanly by a signal or the time limit, its
/// progress on stderr.
@Suite("The load command", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LoadCommandTests {
    static let small = ["load", "--requests", "300", "--clients", "20", "--fault-rate", "0.3", "--format", "json"]

    @Test func theSameSeedRepeatsTheFaultsAndTheFailures() async throws {
        let first = try await Self.summary(Self.small + ["--seed", "7"])
        let second = try await Self.summary(Self.small + ["--seed", "7"])
        let other = try await Self.summary(Self.small + ["--seed", "8"])

        #expect(first.injected == second.injected)
        #expect(first.failures == second.failures)
        #expect(first.injected.values.reduce(0, +) > 0, "the run had faults to repeat")
        #expect(first.injected != other.injected, "another seed draws other faults, so the comparison can fail")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalPrintsTheFiguresSoFarAndLeavesNoSessionBehind(_ signal: Int32, _ status: Int32) async throws {
        let temporary = TemporaryFolder()
        let running = try Binary.start(
            ["load", "--requests", "1000000", "--format", "json"], environment: ["TMPDIR": temporary.url.path])
        await eventually("a progress line with calls done") {
            running.stderrSoFar.range(of: "load: [1-9]", options: .regularExpression) != nil
        }
        #expect(
            Self.files(under: temporary.url).contains { $0.hasSuffix("session.json") },
            "the run keeps its session in TMPDIR while it runs, so the check below can fail")

        running.send(signal)
        let run = await running.finish()

        #expect(run.status == status, "\(run.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(summary?["stoppedBy"] as? String == "interrupted")
        #expect((summary?["done"] as? Int ?? 0) > 0)
        #expect(Self.files(under: temporary.url).isEmpty, "left behind: \(Self.files(under: temporary.url))")
    }

    /// The retry budget, end to end: a backend that fails every call gets each call's first attempt and the retries
    /// a full budget pays for (500 at 5 each), not three attempts a call.
    @Test func aBackendThatFailsEveryCallGetsTheCallsAndOnlyTheRetriesTheBudgetPaysFor() async throws {
        let summary = try await Self.object([
            "load", "--requests", "1000", "--clients", "20", "--faults", "5xx,429", "--fault-rate", "1", "--format",
            "json",
        ])

        let attempts = try #require(summary["attempts"] as? Int)
        #expect(summary["calls"] as? Int == 1_000)
        #expect(summary["failed"] as? Int == 1_000)
        #expect(attempts >= 1_000 && attempts <= 1_000 + 500 / 5, "\(attempts) requests for 1,000 calls")
        #expect(summary["backendRequests"] as? Int == attempts, "the backend saw what the client sent")
        #expect(summary["faults"] as? [String] == ["500", "503", "429"])
    }

    @Test func anUnknownFaultKindIsAUsageError() async throws {
        let run = try await Binary.run(["load", "--faults", "5xx,teapot"])

        #expect(run.status == 2)
        #expect(run.stderr.contains("teapot"), "\(run.stderr)")
    }

    // How close to the limit the run stops is a figure for BENCHMARKS.md ("The load run"), not a timed test: under
    // the thread sanitizer cutting the calls off took 1.7 s. Here: it stops at the limit, not after its calls.
    @Test func theTimeLimitStopsTheRunBeforeItsCallsAreDone() async throws {
        let summary = try await Self.object(["load", "--requests", "1000000", "--time-limit", "1", "--format", "json"])

        #expect(summary["stoppedBy"] as? String == "time limit")
        #expect((summary["elapsedSeconds"] as? Double ?? 99) < 30, "a million calls take far longer than this")
        #expect((summary["notSent"] as? Int ?? 0) > 0)
    }

    @Test func clientsAreCappedToTheNumberOfCalls() async throws {
        let run = try await Binary.run(["load", "--clients", "50", "--requests", "3", "--format", "json"])

        let summary = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(summary?["clients"] as? Int == 3)
        #expect(run.stderr.contains("3 clients, one per call"))
    }

    @Test func oneClientIsOneClient() async throws {
        let run = try await Binary.run(["load", "--clients", "1", "--requests", "1"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("· 1 client · 1 call ·"), "\(run.stdout)")
    }

    @Test func progressGoesToStderrAsPlainLinesWhenItIsNotATerminal() async throws {
        let run = try await Binary.run(["load", "--requests", "1000000", "--time-limit", "2"])

        let progress = run.stderr.split(separator: "\n").filter { $0.hasPrefix("load: ") }
        #expect(!progress.isEmpty, "\(run.stderr)")
        #expect(!run.stderr.contains("\r"))
        #expect(!run.stdout.contains("load: "))
    }

    // MARK: - Helpers

    private struct Summary {
        var injected: [String: Int]
        var failures: [String: Int]
    }

    private static func summary(_ arguments: [String]) async throws -> Summary {
        let object = try await object(arguments)
        return Summary(
            injected: object["injected"] as? [String: Int] ?? [:], failures: object["failures"] as? [String: Int] ?? [:]
        )
    }

    private static func object(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let run = try await Binary.run(arguments, sourceLocation: sourceLocation)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
    }

    private static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
    }
}

/// The small things a user trips on: `serve --quiet`, a busy port, a full disk under stdout.
@Suite("Serve and output edges", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ServeAndOutputTests {
    @Test(arguments: [false, true])
    func quietServesWithoutALinePerRequest(_ quiet: Bool) async throws {
        let running = try Binary.start(["serve", "--port", "0"] + (quiet ? ["--quiet"] : []))
        let baseURL = try await Self.address(of: running)

        let answer = await URLSessionHTTPClient().outcome(
            of: HTTPRequest(method: .get, url: baseURL.appendingPathComponent("/v1/wallet")))
        running.send(SIGINT)
        let run = await running.finish()

        #expect(answer.value?.status == 401)
        #expect(run.status == 0)
        #expect(run.stderr.contains("/v1/wallet") == !quiet, "\(run.stderr)")
    }

    @Test func aBusyPortIsOneLineAndExit4() async throws {
        let first = try Binary.start(["serve", "--port", "0", "--quiet"])
        let port = try #require(try await Self.address(of: first).port)

        let second = try await Binary.run(["serve", "--port", String(port)])
        first.send(SIGINT)
        _ = await first.finish()

        #expect(second.status == 4)
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
        #expect(second.stderr.contains("cannot serve"))
    }

    @Test(arguments: [["scenarios"], ["payments"], ["tour", "--only", "payments-happy"]])
    func aFullDiskUnderStdoutIsANonZeroExit(_ arguments: [String]) async throws {
        let run = try await Binary.run(arguments, stdout: URL(fileURLWithPath: "/dev/full"))

        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot write the output"), "\(run.stderr)")
    }

    private static func address(
        of running: Binary.Running, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> URL {
        await eventually("serve's address", sourceLocation: sourceLocation) {
            running.stdoutSoFar.contains("(Ctrl-C to stop)")
        }
        let text = running.stdoutSoFar
        let range = try #require(
            text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression), sourceLocation: sourceLocation)
        return try #require(URL(string: String(text[range])), sourceLocation: sourceLocation)
    }
}
