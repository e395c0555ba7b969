/// Sends every request with the user's language as `Accept-Language`, unless the request names one itself, so a
/// backend that words anything for people can word it in theirs. The app never shows a backend's words as its own:
/// it maps the backend's codes to its own wording in every language.
public struct AcceptLanguageHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let value: String

    /// Sends through `decoratee` with `Accept-Language: value` (`de, en;q=0.5`).
    public init(decoratee: any HTTPClient, value: String) {
        self.decoratee = decoratee
        self.value = value
    }

    /// Sends `request` with the header added when it has none.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard request.headers[HeaderName.acceptLanguage] == nil else { return try await decoratee.send(request) }
        var stamped = request
        stamped.headers[HeaderName.acceptLanguage] = value
        return try await decoratee.send(stamped)
    }
}
