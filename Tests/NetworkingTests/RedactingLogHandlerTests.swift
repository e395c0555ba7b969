import Logging
import Networking
import Redaction
import SharedError
import TestSupport
import Testing

/// What the CLI writes to stderr (through this handler) carries no secret the app holds, whether or not any
/// pattern would know it.
struct RedactingLogHandlerTests {
    @Test func everyLineIsScrubbedOfTheSecretsTheAppHoldsByValue() {
        let secrets = SecretValues()
        secrets.register("opaque0value1that2no3pattern4knows", as: .token)
        secrets.register("grace@own-backend.test", as: .personal)
        let capture = LogCapture()
        var logger = Logger(label: "test") { _ in
            RedactingLogHandler(writingTo: capture.handler(), verbose: false, secrets: secrets)
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

    /// A personal value no pattern knows (here a name) goes only by value; the screen output may keep it when
    /// asked to, a log line never does.
    @Test func aPersonalValueIsScrubbedByValueUnlessTheOutputMayKeepIt() {
        let secrets = SecretValues()
        secrets.register("Grace Brewster Hopper", as: .personal)
        let capture = LogCapture()
        let logger = Logger(label: "test") { _ in
            RedactingLogHandler(writingTo: capture.handler(), verbose: false, secrets: secrets)
        }

        logger.warning("signed in as Grace Brewster Hopper")

        #expect(!capture.lines.joined().contains("Grace Brewster Hopper"))
        #expect(capture.lines.contains { $0.contains("signed in as [redacted]") }, "\(capture.lines)")
        #expect(secrets.scrub("hi Grace Brewster Hopper") == "hi [redacted]")
        #expect(secrets.scrub("hi Grace Brewster Hopper", keepingPersonal: true) == "hi Grace Brewster Hopper")
    }

    @Test func journeyLinesStayOutOfStderrUnlessVerbose() {
        let capture = LogCapture()
        let logger = Logger(label: "test") { _ in
            RedactingLogHandler(writingTo: capture.handler(), verbose: false, secrets: nil)
        }

        JourneyRecorder(.data, logger: logger).record(.mapped, from: "A", to: "B", level: .error)

        #expect(capture.lines.isEmpty)
    }
}
