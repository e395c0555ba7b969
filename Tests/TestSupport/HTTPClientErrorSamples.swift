public import Networking
import SharedError

/// Every `HTTPClientError` a layer above the chain can meet, named as the boundary tables name them: one per kind,
/// and the server codes that change a kind's meaning (`HTTPClientError.notFound + wallet_not_found`).
public enum HTTPClientErrorSamples {
    /// One error per kind, then one per `(kind, server code)` given.
    public static func all(plus codes: [(HTTPClientError.Kind, String)] = []) -> [(key: String, error: HTTPClientError)]
    {
        HTTPClientError.Kind.allCases.map { ("HTTPClientError.\($0.name)", error($0)) }
            + codes.map { ("HTTPClientError.\($0.0.name) + \($0.1)", error($0.0, code: $0.1)) }
    }

    /// An error of `kind` with the status it stands for and, optionally, the contract's error code.
    public static func error(_ kind: HTTPClientError.Kind, code: String? = nil, path: String = "/") -> HTTPClientError {
        HTTPClientError(
            kind: kind, context: HTTPErrorContext(request: .get(path), status: kind.status, serverCode: code))
    }
}
