/// Sends one HTTP request and returns its response, or fails with an ``HTTPClientError``.
///
/// The URLSession transport and every decorator (status mapping, authentication, retry, deadline, logging)
/// implement this one protocol, so the composition root stacks them in the order it documents.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}
