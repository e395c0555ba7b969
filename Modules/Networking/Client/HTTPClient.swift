/// Sends one HTTP request and returns its response, or fails with an ``HTTPClientError``.
///
/// The URLSession transport and every decorator (status mapping, authentication, retry, deadline, logging)
/// implement this one protocol, so the composition root stacks them in the order it documents.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response; whether a non-2xx status is returned or thrown depends on the client.
    /// Throws ``HTTPClientError`` when there is no usable answer; an implementation never throws anything else.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}
