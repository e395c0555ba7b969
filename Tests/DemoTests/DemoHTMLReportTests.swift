import DemoBackend
import Foundation
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// The HTML report of a real run: nothing the demo backend says becomes markup.
@MainActor
@Suite("The HTML report of a demo run", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoHTMLReportTests {
    static let payload = "<script>alert(1)</script>"

    @Test func aUserNameFromTheBackendIsEscapedThroughARealRun() async throws {
        let collector = JourneyCollector()
        let run = await DemoRun(
            options: .init(
                appVersion: "test", collector: collector, logger: quietLogger,
                backendLogger: quietLogger, demoUser: DemoUser(name: Self.payload, email: "x@example.com"))
        ).run(.profileHappy, on: .profile)

        let page = try HTMLReport.page([run], title: "profile", version: "test")

        #expect(run.screenText.contains(Self.payload), "the screen shows the name the backend sent")
        #expect(!page.contains(Self.payload))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
