import Foundation
import Testing

@testable import App

/// Where the session, the journal and the outbox live: the XDG variable when it holds an absolute path, `$HOME`
/// when it does not, and never a path relative to the folder a run starts in.
@Suite("The state folders follow the XDG specification")
struct StateFoldersTests {
    @Test func anAbsoluteXDGVariableDecides() {
        let environment = ["XDG_CONFIG_HOME": "/x/config", "XDG_STATE_HOME": "/x/state", "HOME": "/home/ada"]

        #expect(
            files(environment) == [
                "/x/config/errorflow/session.json", "/x/state/errorflow/pending-writes.json",
                "/x/state/errorflow/report-outbox.json",
            ])
    }

    @Test(arguments: ["state", "./state", "../state", "~/state", ""])
    func aRelativeOrEmptyXDGVariableIsIgnoredForHome(_ relative: String) {
        let environment = ["XDG_CONFIG_HOME": relative, "XDG_STATE_HOME": relative, "HOME": "/home/ada"]

        #expect(
            files(environment) == [
                "/home/ada/.config/errorflow/session.json", "/home/ada/.local/state/errorflow/pending-writes.json",
                "/home/ada/.local/state/errorflow/report-outbox.json",
            ])
    }

    @Test func withNoXDGVariableHomeDecides() {
        #expect(
            files(["HOME": "/tmp/someone"]) == [
                "/tmp/someone/.config/errorflow/session.json",
                "/tmp/someone/.local/state/errorflow/pending-writes.json",
                "/tmp/someone/.local/state/errorflow/report-outbox.json",
            ])
    }

    @Test(arguments: ["", "relative/home"])
    func aRelativeHomeIsIgnoredForTheAccountsHome(_ home: String) {
        let account = FileManager.default.homeDirectoryForCurrentUser.path

        #expect(files(["HOME": home, "XDG_STATE_HOME": "state"]).allSatisfy { $0.hasPrefix(account + "/.") })
    }

    private func files(_ environment: [String: String]) -> [String] {
        [
            Console.defaultSessionFile(environment: environment), Console.defaultJournalFile(environment: environment),
            Console.defaultOutboxFile(environment: environment),
        ].map(\.path)
    }
}
