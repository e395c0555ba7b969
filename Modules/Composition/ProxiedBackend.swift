public import Foundation
public import Networking

/// Finds the backend behind a fault proxy (`errorflow proxy`), so that the app knows a backend by what is behind the
/// proxy: a session, the pending writes and the report outbox belong to that backend, and a write whose answer the
/// proxy dropped is found under its key by a run straight at the backend (docs/decisions/0095).
public enum ProxiedBackend {
    /// The path a proxy answers with the backend behind it: `{"target": "https://api.example.com/base"}`, with the
    /// header ``header``: `1`. Never faulted, never forwarded.
    public static let path = "/_proxy/target"
    /// The header that marks the answer as a proxy's, so a backend's own page of that name is not taken for one.
    public static let header = "ErrorFlow-Proxy"
    /// How long the question may take; a proxy answers it itself, at once.
    public static let patience: Duration = .seconds(2)

    /// What a base URL answered when asked whether it is a proxy.
    public enum Answer: Hashable, Sendable {
        /// A proxy, in front of this backend.
        case proxy(URL)
        /// Not a proxy: not a loopback http URL (a proxy listens on this machine only), an answer that is not a
        /// proxy's (a 404, anything else), or nothing listening there.
        case notAProxy
        /// No answer within ``patience``, or a connection that broke: the base URL may be a proxy or not. A keyed
        /// write must not be sent then, since its pending write could be filed under the wrong backend.
        case unanswered

        /// The backend behind the proxy; `nil` when it is none or unknown.
        public var target: URL? {
            if case .proxy(let target) = self { target } else { nil }
        }
    }

    /// Asks the base URL once through `transport` within ``patience`` (in the user's `acceptLanguage`, as every
    /// request of the app) whether it is a proxy, and in front of which backend.
    public static func ask(
        _ baseURL: URL, transport: any HTTPClient, acceptLanguage: String? = nil,
        clock: any HTTPClock = SystemHTTPClock()
    ) async -> Answer {
        guard baseURL.scheme?.lowercased() == "http", BackendOrigin(baseURL).isLoopback else { return .notAProxy }
        var request = HTTPRequest(method: .get, url: baseURL.appendingPathComponent(path))
        request.deadline = clock.now + patience
        if let acceptLanguage { request.headers["Accept-Language"] = acceptLanguage }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            return error.kind == .offline ? .notAProxy : .unanswered
        }
        guard response.status == 200, response.headers[header] == "1" else { return .notAProxy }
        return target(in: response.body).map(Answer.proxy) ?? .notAProxy
    }

    /// The target a proxy's answer names: an http(s) URL with a host, and no user, password, query or fragment.
    static func target(in body: Data) -> URL? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let text = object["target"] as? String, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            components.host?.isEmpty == false, components.user == nil, components.password == nil,
            components.query == nil, components.fragment == nil
        else { return nil }
        return components.url
    }
}
