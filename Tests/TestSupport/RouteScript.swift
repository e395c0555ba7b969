public import Networking
import SharedError

/// A scripted backend for ``HTTPClientSpy``: for each path, the answers in call order (the last one repeats).
///
/// An answer is a response, or an ``HTTPClientError/Kind`` the transport would have thrown. Unknown paths get
/// 404; `POST /v1/client-reports` and `POST /v1/error-reports` get 202.
public final class RouteScript: Sendable {
    /// One scripted answer for a path.
    public enum Answer: Sendable {
        /// Answer with this response.
        case respond(HTTPResponse)
        /// Throw an ``HTTPClientError`` of this kind, as the transport would.
        case fail(HTTPClientError.Kind)
    }

    private let routes: [String: [Answer]]
    private let calls = LockedState<[String: Int]>([:])

    /// Makes a script from the answers for each path, in call order.
    public init(_ routes: [String: [Answer]]) {
        self.routes = routes
    }

    /// How many times each path was called.
    public func callCount(_ path: String) -> Int {
        calls.withLock { $0[path] ?? 0 }
    }

    /// The script to hand to ``HTTPClientSpy``; it counts calls per path.
    public var script: HTTPClientSpy.Script {
        { [self] request, _ throws(HTTPClientError) in
            let path = request.path
            let index = calls.withLock { calls -> Int in
                defer { calls[path, default: 0] += 1 }
                return calls[path] ?? 0
            }
            if path == "/v1/client-reports" || path == "/v1/error-reports" { return .json(202, "{}") }
            guard let answers = routes[path], !answers.isEmpty else { return .contractError(404, "no_route") }
            switch answers[min(index, answers.count - 1)] {
            case .respond(let response): return response
            case .fail(let kind): throw HTTPClientError(kind: kind, context: HTTPErrorContext(request: request))
            }
        }
    }
}
