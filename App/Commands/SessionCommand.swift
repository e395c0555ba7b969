package import ArgumentParser
import AuthFeature
import Composition
import Foundation
import Logging
import Networking
import PrivateFiles
import SharedError

/// `errorflow session show|clear`: the session a `--base-url` sign-in keeps.
package struct SessionCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Show or clear the session that `signin --base-url` keeps.",
        subcommands: [Show.self, Clear.self])

    package init() {}

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Who is signed in, to which backend, since when, and when the access token expires; never a token.")

        @Option(name: .customLong("session-file"), help: ArgumentHelp("The session file.", valueName: "path"))
        var sessionFile: String?

        @Option(help: "text or json.")
        var format: SessionFormat = .text

        func run() async throws {
            let path = try BackendChecks.checkedSessionFile(sessionFile)
            let session = FileSessionStore(path: path, logger: Self.quietLogger).load()
            let summary = SessionSummary(path: path.path, session: session)
            try Console.output(format == .json ? summary.json : summary.text, json: format == .json)
        }

        static let quietLogger = Logger(label: "session") { _ in SwiftLogNoOpLogHandler() }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Sign out: remove the session file (only if it is a session errorflow wrote) and the screens' last content beside it."
        )

        @Option(name: .customLong("session-file"), help: ArgumentHelp("The session file.", valueName: "path"))
        var sessionFile: String?

        func run() async throws {
            let path = try BackendChecks.checkedSessionFile(sessionFile)
            let removed: Bool
            do throws(SessionStoreError) {
                removed = try await FileSessionStore(path: path, logger: Show.quietLogger).clear()
            } catch {
                Console.error(
                    "not signed out: \(error); the session stays for every run: try again, or remove the file")
                throw ExitCode(1)
            }
            // The last content goes with the session, under its lock: a load still running cannot write it back.
            let lastContent = LastContentFiles(besideSession: path)
            do throws(PrivateFileError) {
                _ = try await lastContent.clear()
            } catch {
                Console.error(
                    "signed out, but the last content at \(lastContent.content.path) could not be removed: \(error); it is shown to no one, remove the file"
                )
                throw ExitCode.failure
            }
            try Console.output(
                removed ? "Signed out: removed \(path.path)" : "Not signed in: no session at \(path.path)")
        }
    }
}

enum SessionFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

/// A session as `session show` tells it: who and when, never a token.
struct SessionSummary: Encodable {
    var path: String
    var signedIn: Bool
    var userID: String?
    var userName: String?
    var signedInAt: Date?
    var accessTokenExpiresAt: Date?
    /// The backend that issued the session (its tokens go to no other).
    var backend: String?

    init(path: String, session: StoredSession?) {
        self.path = path
        signedIn = session != nil
        backend = session?.origin?.value
        userID = session?.userID
        userName = session?.userName
        signedInAt = session?.signedInAt
        accessTokenExpiresAt = session?.expiresAt
    }

    var text: String {
        guard signedIn else { return "Not signed in (no usable session at \(path))" }
        var lines = ["Signed in as \(userName ?? "?") (\(userID ?? "?"))"]
        lines.append(
            "  backend        "
                + (backend ?? "not recorded (an earlier version wrote this session): it is sent nowhere; sign in again")
        )
        lines.append("  since          " + (signedInAt.map(Self.format) ?? "unknown"))
        let expiry = accessTokenExpiresAt.map { date in
            Self.format(date) + (date < Date() ? " (expired; the next call refreshes it)" : "")
        }
        lines.append("  access token   expires " + (expiry ?? "at a time the backend did not say"))
        lines.append("  session file   \(path)")
        return lines.joined(separator: "\n")
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private enum CodingKeys: String, CodingKey {
        case path, signedIn, backend, userID, userName, signedInAt, accessTokenExpiresAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(signedIn, forKey: .signedIn)
        try container.encode(backend, forKey: .backend)
        try container.encode(userID, forKey: .userID)
        try container.encode(userName, forKey: .userName)
        try container.encode(signedInAt, forKey: .signedInAt)
        try container.encode(accessTokenExpiresAt, forKey: .accessTokenExpiresAt)
    }

    private static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
