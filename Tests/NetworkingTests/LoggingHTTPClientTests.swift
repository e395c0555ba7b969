import Foundation
import Networking
import TestSupport
import Testing

@Suite("LoggingHTTPClient redacts what it writes")
struct LoggingHTTPClientTests {
    @Test func neverWritesTokensCookiesOrEmails() async throws {
        let capture = LogCapture()
        let body = #"{"accessToken":"tok-123","email":"ada@example.com","name":"Ada"}"#
        let spy = HTTPClientSpy(answering: .json(200, body, headers: ["Set-Cookie": "session=cookie-456"]))
        let sut = LoggingHTTPClient(decoratee: spy, logger: capture.logger())
        let request = HTTPRequest(
            method: .get, url: try #require(URL(string: "https://api.test.invalid/v1/me?token=tok-789")),
            headers: ["Authorization": "Bearer tok-123", "Cookie": "session=cookie-456"])

        _ = await sut.outcome(of: request)

        let lines = capture.lines.joined(separator: "\n")
        #expect(capture.lines.count >= 2)
        for secret in ["tok-123", "tok-789", "cookie-456", "ada@example.com"] {
            #expect(!lines.contains(secret), "\(secret) leaked into: \(lines)")
        }
        #expect(lines.contains(request.id))
        #expect(lines.contains("\"name\":\"Ada\""), "the harmless part of the body is still there at trace level")
    }

    @Test func writesOneLineForAFailureWithTheErrorName() async {
        let capture = LogCapture()
        let spy = HTTPClientSpy(results: [.failure(HTTPClientError(kind: .offline, context: .init(request: .get("/"))))]
        )
        let sut = LoggingHTTPClient(decoratee: spy, logger: capture.logger())

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.error?.kind == .offline)
        #expect(capture.lines.filter { $0.contains("HTTPClientError.offline") }.count == 1)
    }
}
