import Networking
import Testing

/// Header names are case-insensitive: the same name in any case is the same field, a different name never is, and
/// a field the transport gets twice is joined as HTTP joins it.
@Suite("HTTP header names compare without case")
struct HTTPHeadersTests {
    @Test(arguments: [
        ("Authorization", "authorization"), ("X-REQUEST-ID", "x-request-id"), ("Ünïcode", "üNÏCODE"),
        ("X-Ünï", "x-üNÏ"), ("K", "\u{212A}"),
    ])
    func aNameInAnotherCaseIsTheSameField(_ set: String, _ read: String) {
        var headers = HTTPHeaders()
        headers[set] = "value"

        #expect(headers[read] == "value")
    }

    @Test(arguments: [
        ("Accept", "Accept-Language"), ("traceparent", "tracestate"), ("X-Request-ID", "X-Request-IE"),
        ("Content-Type", "Content_Type"), ("a[", "A{"), ("Ünïcode", "Unicode"), ("xÜ", "yÜ"),
        ("Accept-Language", "Accept"),
    ])
    func anotherNameIsAnotherField(_ set: String, _ read: String) {
        var headers = HTTPHeaders()
        headers[set] = "value"

        #expect(headers[read] == nil)
    }

    @Test func settingANameAgainInAnotherCaseReplacesTheField() {
        var headers: HTTPHeaders = ["Accept": "text/html", "X-Trace": "1"]

        headers["ACCEPT"] = "application/json"

        #expect(Array(headers).map { "\($0.name): \($0.value)" } == ["X-Trace: 1", "ACCEPT: application/json"])
    }

    @Test func aFieldAddedTwiceIsJoinedWithACommaInItsFirstPlace() {
        var headers = HTTPHeaders()

        headers.add("no-cache", forName: "Cache-Control")
        headers.add("a=1", forName: "Set-Cookie")
        headers.add("no-store", forName: "cache-control")

        #expect(
            Array(headers).map { "\($0.name): \($0.value)" } == [
                "Cache-Control: no-cache, no-store", "Set-Cookie: a=1",
            ])
    }
}
