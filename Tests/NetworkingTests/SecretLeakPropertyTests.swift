import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// Quality bar 15 at the transport's level: random tokens and emails in headers, query strings and bodies,
/// through every decorator and every failure, never reach a log line or an error's description.
@Suite("Networking never leaks a secret", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct NetworkingSecretLeakTests {
    @Test(arguments: (0..<25).map { UInt64($0) })
    func throughTheChainAndItsErrors(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let token = "tok" + String(random.next(), radix: 36) + String(random.next(), radix: 36)
        let email = "u\(random.next(below: 1_000_000))@example.net"
        let capture = LogCapture()
        let logger = capture.logger()
        let body =
            #"{"accessToken":"\#(token)","refreshToken":"\#(token)","email":"\#(email)","message":"hi \#(email)"}"#
        let status = [200, 401, 403, 429, 500, 503][random.next(below: 6)]
        let spy = HTTPClientSpy { _, _ in .json(status, body, headers: ["Set-Cookie": "session=\(token)"]) }
        let coordinator = TokenRefreshCoordinator(
            session: AuthenticationSessionSpy(token: AccessToken(token)), logger: logger)
        let chain = DeadlineHTTPClient(
            decoratee: RetryingHTTPClient(
                decoratee: AuthenticatingHTTPClient(
                    decoratee: StatusCodeMappingHTTPClient(
                        decoratee: LoggingHTTPClient(decoratee: spy, logger: logger), logger: logger),
                    coordinator: coordinator, logger: logger),
                clock: VirtualClock(), random: FixedRandomSource(0), logger: logger),
            timeout: .seconds(5), logger: logger)
        let url = try #require(URL(string: "https://api.test.invalid/v1/me?access_token=\(token)&email=\(email)"))

        let result = await chain.outcome(of: HTTPRequest(method: .get, url: url, headers: ["Cookie": "id=\(token)"]))

        var texts = capture.lines
        if let error = result.error {
            texts += [error.description, error.debugDescription, String(reflecting: error), error.journeyName]
        }
        let everything = texts.joined(separator: "\n")
        #expect(!everything.contains(token), "status \(status)")
        #expect(!everything.contains(email), "status \(status)")
        #expect(!capture.lines.isEmpty)
    }
}
