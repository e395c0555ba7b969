public import Foundation
public import Networking

/// Finds the backend behind a fault proxy (`errorflow proxy`), so that the app knows a backend by what is behind the
/// proxy: a session, the pending writes and the report outbox belong to that backend, and a write whose answer the
/// proxy dropped is found under its key by a run straight at the backend (docs/decisions/0095).
///
/// Only a proxy this user started is believed (docs/decisions/0111): a base URL is asked only when the user's
/// ``ProxyRegistry`` holds a registration for its port whose process runs, and the answer counts only when it
/// proves the registration's secret and names its target. Every other base URL gets no request outside the
/// contract.
public enum ProxiedBackend {
    /// The path a proxy answers at its root, whatever base path the screens use: `{"target": "https://…/base"}`.
    /// Never faulted, never forwarded.
    public static let path = "/_proxy/target"
    /// The header that carries the app's challenge: random, new for each question.
    public static let challengeHeader = "ErrorFlow-Proxy-Challenge"
    /// The header of the proxy's answer that carries its ``ProxyRegistration/proof(of:)`` of the challenge.
    public static let proofHeader = "ErrorFlow-Proxy"
    /// How long the question may take; a proxy answers it itself, at once.
    public static let patience: Duration = .seconds(2)
    /// The most bytes the answer's body may hold (a proxy's answer is under 300); a longer one is not read.
    public static let answerLimit = 4096

    /// What a base URL answered when asked whether it is a proxy.
    public enum Answer: Hashable, Sendable {
        /// A proxy, in front of this backend (the target, with the base URL's path after the target's).
        case proxy(URL)
        /// Not a proxy: not a loopback http URL (a proxy listens on this machine only), no running proxy of this
        /// user registered on its port, an answer that is not that proxy's, or nothing listening there.
        case notAProxy
        /// A registered proxy gave no answer within ``patience``, or its connection broke: the base URL may be that
        /// proxy or not. A keyed write must not be sent then, since its pending write could be filed under the
        /// wrong backend.
        case unanswered

        /// The backend behind the proxy; `nil` when it is none or unknown.
        public var target: URL? {
            if case .proxy(let target) = self { target } else { nil }
        }
    }

    /// Asks the base URL once through `transport` within ``patience`` (in the user's `acceptLanguage`, as every
    /// request of the app) whether it is the proxy `registry` holds for its port, and in front of which backend.
    public static func ask(
        _ baseURL: URL, registry: ProxyRegistry, transport: any HTTPClient, acceptLanguage: String? = nil,
        clock: any HTTPClock = SystemHTTPClock()
    ) async -> Answer {
        guard baseURL.scheme?.lowercased() == "http", BackendOrigin(baseURL).isLoopback,
            var root = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let registration = registry.registration(port: root.port ?? 80), registration.isRunning
        else { return .notAProxy }
        root.path = path
        root.query = nil
        root.fragment = nil
        guard let url = root.url else { return .notAProxy }
        let challenge = ProxyRegistration.randomHex()
        var request = HTTPRequest(method: .get, url: url, headers: [challengeHeader: challenge])
        request.deadline = clock.now + patience
        request.bodyLimit = answerLimit
        if let acceptLanguage { request.headers["Accept-Language"] = acceptLanguage }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            switch error.kind {
            case .offline, .bodyTooLarge: return .notAProxy
            default: return .unanswered
            }
        }
        guard response.status == 200, response.headers[proofHeader] == registration.proof(of: challenge),
            target(in: response.body)?.absoluteString == registration.target.absoluteString
        else { return .notAProxy }
        return .proxy(backend(behind: registration.target, at: baseURL))
    }

    /// The backend a base URL of the proxy reaches: the target with the base URL's path after the target's own
    /// (the proxy forwards `/api/v1/wallet` to `TARGET/api/v1/wallet`).
    static func backend(behind target: URL, at baseURL: URL) -> URL {
        let extra = baseURL.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard !extra.isEmpty, var components = URLComponents(url: target, resolvingAgainstBaseURL: false) else {
            return target
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/" + extra
        return components.url ?? target
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
