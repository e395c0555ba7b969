import Foundation
import Networking
import Redaction
import SharedError
import TestSupport
import Testing

@Suite("HTTPClientError")
struct HTTPClientErrorTests {
    @Test func everyKindHasItsOwnName() {
        let names = HTTPClientError.Kind.allCases.map(\.name)

        #expect(Set(names).count == names.count)
    }

    @Test(arguments: HTTPClientError.Kind.allCases)
    func offlineTimeoutAndNoSessionAreTheAppWideConditions(_ kind: HTTPClientError.Kind) {
        let expected: AppWideCondition? =
            switch kind {
            case .offline: .offline
            case .timedOut: .timedOut
            case .sessionExpired, .unauthorized: .sessionExpired
            default: nil
            }

        #expect(kind.appWideCondition == expected)
    }

    @Test(arguments: HTTPClientError.Kind.allCases)
    func transientKindsAreTheRetryableOnes(_ kind: HTTPClientError.Kind) {
        let transient: Set<HTTPClientError.Kind> = [
            .requestTimeout, .tooManyRequests, .connectionLost, .server(status: 500), .server(status: 502),
            .server(status: 503), .server(status: 504),
        ]

        #expect(kind.isTransient == transient.contains(kind))
        let error = HTTPClientError(kind: kind, context: HTTPErrorContext(request: .get("/")))
        #expect(
            error.category == (kind == .cancelled ? .ignorable : kind.isTransient ? .recoverable : .unhandleable))
    }

    @Test func carriesTheWholeContextWithSecretsRedacted() throws {
        var request = HTTPRequest(
            method: .get, url: try #require(URL(string: "https://api.test.invalid/v1/me?access_token=abc123&page=2")),
            headers: ["Authorization": "Bearer abc123"])
        request.attempt = 3

        let error = HTTPClientError(
            kind: .server(status: 503),
            context: HTTPErrorContext(
                request: request, status: 503, bodyExcerpt: "down", serverCode: "maintenance",
                retryAfter: .seconds(120)))

        #expect(error.context.method == .get)
        #expect(error.context.url == "https://api.test.invalid/v1/me?access_token=[redacted]&page=2")
        #expect(error.context.status == 503)
        #expect(error.context.attempt == 3)
        #expect(error.context.requestID == request.id)
        #expect(error.context.bodyExcerpt == "down")
        for text in [error.description, error.debugDescription, String(reflecting: error)] {
            #expect(!text.contains("abc123"), "\(text)")
        }
        #expect(error.description.contains("Retry-After 120 s not waited for"))
    }

    @Test func journeyNameShowsTheCaseAndNoContext() {
        let error = HTTPClientError(kind: .server(status: 503), context: HTTPErrorContext(request: .get("/v1/wallet")))

        #expect(error.journeyName == "HTTPClientError.server(503)")
        #expect(JourneyName.of(error) == "HTTPClientError.server(503)")
    }

    @Test func requestIDsAreUniqueAndSayNothing() {
        let ids = (0..<1_000).map { _ in RequestID.make() }

        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("req-") && $0.count == 20 })
    }
}

@Suite("RetryAfter")
struct RetryAfterTests {
    @Test(arguments: [("0", RetryAfter.seconds(0)), ("120", .seconds(120)), (" 7 ", .seconds(7))])
    func parsesSeconds(_ header: String, _ expected: RetryAfter) {
        #expect(RetryAfter(headerValue: header) == expected)
    }

    @Test func parsesAnHTTPDate() {
        #expect(
            RetryAfter(headerValue: "Sun, 06 Nov 1994 08:49:37 GMT") == .date(Date(timeIntervalSince1970: 784_111_777)))
    }

    @Test(arguments: ["-1", "soon", "Sunday, 06-Nov-94 08:49:37 GMT", "06 Nov 1994 08:49:37 GMT", "1.5", ""])
    func rejectsAnythingElse(_ header: String) {
        #expect(RetryAfter(headerValue: header) == nil)
    }

    @Test func aDateBecomesTheTimeLeftAndNeverLessThanZero() {
        let now = Date(timeIntervalSince1970: 784_111_770)
        let date = RetryAfter.date(Date(timeIntervalSince1970: 784_111_777))

        #expect(date.delay(from: now) == .seconds(7))
        #expect(date.delay(from: now.addingTimeInterval(60)) == .zero)
    }

    @Test func describesADateInHTTPForm() {
        #expect(
            RetryAfter.date(Date(timeIntervalSince1970: 784_111_777)).description == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}

@Suite("Redaction")
struct RedactionTests {
    @Test func removesSecretQueryValuesAndUserInfo() throws {
        let url = try #require(URL(string: "https://ada:pw@api.test/v1/x?token=t1&refresh_token=r1&email=a%40b.c&q=ok"))

        #expect(
            Redaction.url(url)
                == "https://api.test/v1/x?token=[redacted]&refresh_token=[redacted]&email=[redacted]&q=ok")
    }

    @Test(arguments: ["Authorization", "authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "X-Api-Key"])
    func hidesSecretHeaders(_ name: String) {
        #expect(Redaction.header(name: name, value: "Bearer abc") == "[redacted]")
    }

    @Test func keepsOrdinaryHeaders() {
        #expect(Redaction.header(name: "Accept", value: "application/json") == "application/json")
    }

    @Test func hidesEmailsBearerTokensAndSecretJSONFields() {
        let text = #"{"accessToken":"a1","refreshToken": "r1","email":"ada@example.com","name":"Ada"} Bearer xyz.abc"#

        let redacted = Redaction.text(text)

        for secret in ["a1", "r1", "ada@example.com", "xyz.abc"] {
            #expect(!redacted.contains(secret), "\(redacted)")
        }
        #expect(redacted.contains(#""name":"Ada""#))
    }

    @Test func excerptsAreBoundedAndRedacted() throws {
        let body = Data((#"{"email":"ada@example.com"}"# + String(repeating: "x", count: 1_000)).utf8)

        let excerpt = try #require(Redaction.excerpt(of: body, limit: 64))

        #expect(!excerpt.contains("ada@example.com"))
        #expect(excerpt.hasSuffix("…"))
        #expect(Redaction.excerpt(of: Data()) == nil)
        #expect(Redaction.excerpt(of: Data([0xFF, 0xFE, 0xFD, 0xFC, 0xFB])) == "<5 bytes of binary data>")
    }
}
