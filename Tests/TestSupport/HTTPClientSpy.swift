public import Foundation
public import Networking
import SharedError

/// An in-memory ``HTTPClient`` that records every request and answers from a script.
///
/// The script is a function of the request, so a test can answer by path, by header or by call count; it may
/// suspend (to hold requests in flight) and it may throw any ``HTTPClientError``.
public final class HTTPClientSpy: HTTPClient {
    /// Answers one request; `callIndex` counts from 0 in the order requests arrived.
    public typealias Script = @Sendable (HTTPRequest, _ callIndex: Int) async throws(HTTPClientError) -> HTTPResponse

    private let script: Script
    private let recorded = LockedState<[HTTPRequest]>([])

    /// Makes a spy that answers every request with `script`.
    public init(script: @escaping Script) {
        self.script = script
    }

    /// Answers every request with `response`.
    public convenience init(answering response: HTTPResponse) {
        self.init { _, _ in response }
    }

    /// Answers the n-th request with the n-th result, and the last one from then on.
    public convenience init(results: [Result<HTTPResponse, HTTPClientError>]) {
        precondition(!results.isEmpty, "give at least one result")
        self.init { _, index throws(HTTPClientError) in
            try results[min(index, results.count - 1)].get()
        }
    }

    /// Every request received, in order.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }

    /// Records `request`, then returns or throws what the script does for it.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let index = recorded.withLock { requests -> Int in
            requests.append(request)
            return requests.count - 1
        }
        return try await script(request, index)
    }
}

extension HTTPResponse {
    /// A JSON response from a literal body.
    public static func json(_ status: Int = 200, _ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[HeaderName.contentType] = "application/json"
        return HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    /// The contract's error answer: `{"error": code, "message": …}`.
    public static func contractError(_ status: Int, _ code: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        .json(status, #"{"error":"\#(code)","message":"scripted \#(code)"}"#, headers: headers)
    }
}

extension HTTPRequest {
    /// A GET for a path on a fixed test host.
    public static func get(_ path: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
        HTTPRequest(method: .get, url: TestURL.make(path), headers: headers)
    }

    /// A POST for a path on a fixed test host.
    public static func post(_ path: String, headers: HTTPHeaders = [:], body: String = "{}") -> HTTPRequest {
        HTTPRequest(method: .post, url: TestURL.make(path), headers: headers, body: Data(body.utf8))
    }
}

/// URLs on a host that is never contacted: in-memory tests only.
public enum TestURL {
    /// `path` on `api.test.invalid`, a host that never resolves.
    public static func make(_ path: String) -> URL {
        URL(string: "http://api.test.invalid\(path)") ?? URL(fileURLWithPath: "/")
    }
}
