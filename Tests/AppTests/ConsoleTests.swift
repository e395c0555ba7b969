import Logging
import SharedError
import TestSupport
import Testing

@testable import App

/// What the CLI writes to stderr carries no secret the app holds, whether or not any pattern would know it.
@Suite("Console log lines")
struct ConsoleTests {
    @Test func everyLineIsScrubbedOfTheSecretsTheAppHoldsByValue() {
        let secrets = SecretValues()
        secrets.register("opaque0value1that2no3pattern4knows", as: .token)
        secrets.register("grace@own-backend.test", as: .personal)
        let capture = LogCapture()
        var logger = Logger(label: "test") { _ in
            ConsoleLogHandler(writingTo: capture.handler(), verbose: false, secrets: secrets)
        }
        logger.logLevel = .trace

        logger.warning(
            "refresh answered opaque0value1that2no3pattern4knows for grace@own-backend.test",
            metadata: ["body": "{\"x\":\"opaque0value1that2no3pattern4knows\"}", "list": ["grace@own-backend.test"]])

        let line = capture.lines.joined()
        #expect(!line.contains("opaque0value1that2no3pattern4knows"))
        #expect(!line.contains("grace@own-backend.test"))
        #expect(line.contains("[redacted]"))
    }

    @Test func journeyLinesStayOutOfStderrUnlessVerbose() {
        let capture = LogCapture()
        let logger = Logger(label: "test") { _ in
            ConsoleLogHandler(writingTo: capture.handler(), verbose: false, secrets: nil)
        }

        logger.recordJourney(.init(layer: .data, module: "M", action: .mapped, from: "A", to: "B"), level: .error)

        #expect(capture.lines.isEmpty)
    }
}
