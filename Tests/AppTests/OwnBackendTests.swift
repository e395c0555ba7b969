import Foundation
import TestSupport
import Testing

/// The app against a backend that is not the embedded demo, as a team would use it with their own: the user's
/// session is theirs, written only by sign-in, refresh and sign-out; the backend sees only its own tokens.
@Suite("Against your own backend", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct OwnBackendTests {
    @Test func signInEveryScreenARefreshSessionShowAndClear() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        let sessionFile = home.url.appendingPathComponent("config/errorflow/session.json")
        func bytes() -> Data? { FileManager.default.contents(atPath: sessionFile.path) }

        let before = try await Binary.run(["payments", "--base-url", url], home: home.url)
        #expect(before.status == 1, "not signed in: routed to sign-in")
        #expect(
            before.stderr.contains("not signed in") && before.stderr.contains("errorflow-app signin --base-url \(url)"))
        #expect(bytes() == nil, "a screen never writes a session")

        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(signIn.stdout.contains("Signed in as \(backend.user.name)"))
        let signedIn = try #require(bytes())
        let mode = try FileManager.default.attributesOfItem(atPath: sessionFile.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        for screen in ["payments", "wallet", "profile"] {
            let run = try await Binary.run([screen, "--base-url", url, "--format", "json"], home: home.url)
            #expect(run.status == 0, "\(screen): \(run.stderr)")
            #expect(bytes() == signedIn, "\(screen) leaves the session as it was")
        }
        let profile = try await Binary.run(["profile", "--base-url", url], home: home.url)
        #expect(profile.stdout.contains(backend.user.email), "the user sees their own email on the profile")

        await backend.expireAccessTokens()
        let refreshed = try await Binary.run(["wallet", "--base-url", url, "--trace"], home: home.url)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("access token refreshed once"))
        let afterRefresh = try #require(bytes())
        #expect(afterRefresh != signedIn, "a refresh writes the new tokens")
        #expect(await backend.refreshCount == 1)

        let show = try await Binary.run(["session", "show"], home: home.url)
        #expect(show.status == 0)
        #expect(show.stdout.contains("Signed in as \(backend.user.name) (\(backend.user.id))"))
        #expect(show.stdout.contains("since") && show.stdout.contains("expires"))
        for token in await backend.issuedTokens {
            #expect(!show.stdout.contains(token) && !show.stderr.contains(token), "session show never shows a token")
        }
        #expect(bytes() == afterRefresh)

        let clear = try await Binary.run(["session", "clear"], home: home.url)
        #expect(clear.status == 0)
        #expect(bytes() == nil, "session clear signs out")

        let issued = await backend.issuedTokens
        let presented = await backend.presentedTokens
        #expect(!presented.isEmpty)
        #expect(presented.allSatisfy(issued.contains), "the backend only ever saw tokens it issued")
        await backend.stop()
    }

    /// The write path against another backend: the answer to the first attempt is lost after the backend made the
    /// transfer; the binary's retry carries the same key, and the backend, by its own count, made one.
    @Test func aTransferWhoseAnswerWasLostIsMadeOnceOnYourBackend() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        _ = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        await backend.failNextTransferAfterMakingIt(.dropConnection)

        let run = try await Binary.run(
            ["transfer", "--base-url", url, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "7.25", "--trace"],
            home: home.url)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✔ own-t-1 completed"))
        #expect(run.stdout.contains("made once: every attempt carried the same Idempotency-Key"))
        #expect(await backend.transferCount == 1)
        let sends = backend.requests.filter { $0.path == "/v1/transfers" }
        #expect(sends.count == 2 && Set(sends.map { $0.header("Idempotency-Key") }).count == 1)
        await backend.stop()
    }

    @Test func aTokenTheBackendNoLongerKnowsEndsTheStoredSession() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        let sessionFile = home.url.appendingPathComponent("config/errorflow/session.json")
        _ = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        await backend.revokeAccessTokens()

        let run = try await Binary.run(["payments", "--base-url", url, "--format", "json"], home: home.url)

        #expect(run.status == 1)
        #expect(run.stdout.contains(#""route" : "signIn""#))
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path), "the dead session is not kept")
        await backend.stop()
    }

    @Test func undeliverableReportsWaitInTheOutboxAndGoOutOnceOnTheNextRun() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        _ = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        let receivedAtSignIn = await backend.receivedReports.count
        await backend.answerReports(with: 500)

        let first = try await Binary.run(["payments", "--base-url", url, "--format", "json"], home: home.url)
        let firstObject = try #require(
            try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let pending = try #require(firstObject["pendingReports"] as? [[String: String]])
        #expect(!pending.isEmpty, "\(first.stdout)")
        let journey = try #require(firstObject["journey"] as? [[String: Any]])
        #expect(journey.contains { $0["action"] as? String == "queued" })
        let outbox = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        let mode = try FileManager.default.attributesOfItem(atPath: outbox.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        await backend.answerReports(with: 202)
        let second = try await Binary.run(["payments", "--base-url", url, "--format", "json"], home: home.url)
        let secondObject = try #require(
            try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect((secondObject["pendingReports"] as? [Any])?.isEmpty == true)
        #expect(!FileManager.default.fileExists(atPath: outbox.path), "an empty outbox leaves no file")

        let received = await backend.receivedReports.dropFirst(receivedAtSignIn).flatMap(\.entries)
        #expect(Set(received).count == received.count, "nothing was delivered twice: \(received)")
        #expect(
            Set(received) == Set(pending.map { "\($0["endpoint"] ?? "") \($0["keyPath"] ?? "") \($0["kind"] ?? "")" }))
        await backend.stop()
    }
}

/// A path given as `--session-file` that is not, and cannot become, a session file: refused with one line and
/// exit 2, and left byte for byte as it was, by every command that would read, write or remove a session.
@Suite("The session file is only ever a session file", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct SessionFileRefusalTests {
    enum Thing: String, CaseIterable, CustomTestStringConvertible {
        case directoryWithFiles, deviceNode, fifo, symbolicLink, unrelatedFile, emptyPath

        var testDescription: String { rawValue }
    }

    static let commands: [[String]] = [
        ["payments", "--base-url", "http://127.0.0.1:9"],
        ["signin", "--base-url", "http://127.0.0.1:9", "--answer", "approve"],
        ["session", "show"], ["session", "clear"],
    ]

    @Test(arguments: Thing.allCases, commands)
    func isRefusedAndSurvives(_ thing: Thing, _ command: [String]) async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let (path, fingerprint) = try make(thing, in: folder.url)

        let run = try await Binary.run(command + ["--session-file", path], directory: folder.url)

        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one clear line: \(run.stderr)")
        #expect(try fingerprint() == (try make(thing, in: folder.url, measureOnly: true).1()), "\(thing) survives")
    }

    /// Makes the thing and returns its path and a way to read back everything about it.
    private func make(_ thing: Thing, in folder: URL, measureOnly: Bool = false) throws
        -> (String, () throws -> String)
    {
        let manager = FileManager.default
        let target = folder.appendingPathComponent("target")
        switch thing {
        case .directoryWithFiles:
            if !measureOnly {
                try manager.createDirectory(at: target, withIntermediateDirectories: true)
                try Data("a".utf8).write(to: target.appendingPathComponent("a.txt"))
                try Data("b".utf8).write(to: target.appendingPathComponent("b.txt"))
            }
            return (
                target.path,
                {
                    try manager.contentsOfDirectory(atPath: target.path).sorted().joined()
                        + Self.read(target.appendingPathComponent("a.txt"))
                }
            )
        case .deviceNode:
            return ("/dev/null", { try "\(manager.attributesOfItem(atPath: "/dev/null")[.type] ?? "")" })
        case .fifo:
            if !measureOnly { #expect(mkfifo(target.path, 0o600) == 0) }
            return (target.path, { try "\(manager.attributesOfItem(atPath: target.path)[.type] ?? "")" })
        case .symbolicLink:
            let real = folder.appendingPathComponent("real.json")
            if !measureOnly {
                try Data(#"{"hello":"world"}"#.utf8).write(to: real)
                try manager.createSymbolicLink(at: target, withDestinationURL: real)
            }
            return (target.path, { try manager.destinationOfSymbolicLink(atPath: target.path) + Self.read(real) })
        case .unrelatedFile:
            if !measureOnly { try Data("my notes, not a session\n".utf8).write(to: target) }
            return (target.path, { try Self.read(target) })
        case .emptyPath:
            if !measureOnly { try Data("cwd".utf8).write(to: folder.appendingPathComponent("keep")) }
            return ("", { try Self.read(folder.appendingPathComponent("keep")) })
        }
    }

    private static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
}

/// Sign-in and screens against backends that cannot keep the session or do not speak the contract.
@Suite("Backends that are not the contract", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct NotTheContractTests {
    @Test func anUnwritableSessionPathSaysSoAndSignInGoesOnForThisRun() async throws {
        let backend = try await ContractBackend.start()

        let run = try await Binary.run([
            "signin", "--base-url", backend.baseURL.absoluteString, "--answer", "approve", "--session-file",
            "/proc/errorflow/session.json",
        ])
        await backend.stop()

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write the session file /proc/errorflow/session.json"))
        #expect(run.stdout.contains("Signed in as \(backend.user.name)"))
    }

    @Test func aBackendThatDoesNotSpeakTheContractIsExit3() async throws {
        let page = try await LoopbackServer.start { _ in .text(200, "<html><body>It works!</body></html>") }
        let home = TemporaryFolder()

        let signIn = try await Binary.run(
            ["signin", "--base-url", page.baseURL.absoluteString, "--answer", "approve"], home: home.url)
        await page.stop()

        #expect(signIn.status == 3, "\(signIn.stdout)")
        #expect(signIn.stderr.contains("could not be used: its answer to /v1/auth/apple is not the contract's JSON"))
    }

    /// A server that signs in as the contract says, and answers every screen with a web page.
    @Test func aSignedInUserPointingAtAPageGetsExit3NotContent() async throws {
        let page = try await LoopbackServer.start { request in
            request.path == "/v1/auth/apple"
                ? .json(
                    200,
                    #"{"accessToken":"page-access-1","refreshToken":"page-refresh-1","expiresIn":600,"user":{"id":"u-1"}}"#
                )
                : .text(200, "<html><body>It works!</body></html>")
        }
        let home = TemporaryFolder()
        let sessionFile = home.url.appendingPathComponent("session.json").path
        let signIn = try await Binary.run(
            [
                "signin", "--base-url", page.baseURL.absoluteString, "--answer", "approve", "--session-file",
                sessionFile,
            ])
        #expect(signIn.status == 0, "\(signIn.stderr)")

        let run = try await Binary.run([
            "payments", "--base-url", page.baseURL.absoluteString, "--session-file", sessionFile,
        ])
        await page.stop()

        #expect(run.status == 3, "\(run.stdout)")
        #expect(run.stderr.contains("could not be used"))
    }
}

/// The user's language reaches your backend, and a copied binary without its resources still speaks.
@Suite("The user's language against your own backend", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LanguageOnYourBackendTests {
    @Test func everyRequestCarriesTheUsersLanguage() async throws {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString

        let signIn = try await Binary.run(
            ["signin", "--base-url", url, "--answer", "approve", "--locale", "de"], home: home.url)
        let payments = try await Binary.run(
            ["payments", "--base-url", url], environment: ["LANG": "de_DE.UTF-8"],
            home: home.url)
        await backend.stop()

        #expect(signIn.status == 0 && payments.status == 0, "\(signIn.stderr)\(payments.stderr)")
        #expect(signIn.stdout.contains("Angemeldet als \(backend.user.name)"))
        #expect(payments.stdout.contains("Zahlungsmethoden"))
        let languages = Set(backend.requests.map { $0.header("Accept-Language") })
        #expect(languages == ["de, en;q=0.5"], "every request, sign-in and screens alike")
    }

    @Test func aBinaryCopiedWithoutItsResourcesSpeaksEnglishAndNeverTraps() async throws {
        let folder = TemporaryFolder()
        let copy = folder.url.appendingPathComponent("errorflow").path
        let launcher = ["/bin/sh", "-c", "cp \"$0\" '\(copy)' && exec '\(copy)' \"$@\""]

        let run = try await Binary.run(
            ["signin", "--base-url", "http://127.0.0.1:9", "--answer", "cancel", "--locale", "de"], launcher: launcher)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Not signed in. Sign in with Apple to continue."), "\(run.stdout)")
    }
}
