import Foundation
public import Logging
import SharedError

/// Turns every status outside 200–299 into a typed ``HTTPClientError``; every 2xx passes through untouched.
///
/// This fixes the TDD article's decorator, whose `default:` branch threw even for 200. The JSON error body's
/// `error` code (`token_expired`, `wallet_banned`) and a `Retry-After` header are kept in the context, so the
/// authentication and retry decorators can act on them.
public struct StatusCodeMappingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let logger: Logger

    public init(decoratee: any HTTPClient, logger: Logger) {
        self.decoratee = decoratee
        self.logger = logger
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let response = try await decoratee.send(request)
        guard let kind = Self.kind(forStatus: response.status) else { return response }

        let serverCode = ServerErrorBody.code(in: response.body)
        let error = HTTPClientError(
            kind: kind,
            context: HTTPErrorContext(
                request: request,
                status: response.status,
                bodyExcerpt: Redaction.excerpt(of: response.body),
                serverCode: serverCode,
                retryAfter: response.headers[HeaderName.retryAfter].flatMap(RetryAfter.init(headerValue:))
            )
        )
        let cause = ["HTTP \(response.status)", serverCode].compactMap { $0 }.joined(separator: " ")
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .networking, module: "Networking", action: .mapped, from: cause, to: error.journeyName)
        )
        throw error
    }

    /// The kind for a status, or `nil` for 2xx.
    public static func kind(forStatus status: Int) -> HTTPClientError.Kind? {
        switch status {
        case 200..<300: nil
        case 401: .unauthorized
        case 403: .forbidden
        case 404: .notFound
        case 408: .requestTimeout
        case 409: .conflict
        case 429: .tooManyRequests
        case 500..<600: .server(status: status)
        default: .unexpectedStatus(status)
        }
    }
}

/// The contract's error body, `{"error": "<code>", "message": "<text>"}`; only the code is kept.
enum ServerErrorBody {
    private struct Body: Decodable {
        var error: String?
    }

    /// The `error` code when the body is the contract's JSON error and the code looks like one (letters, digits,
    /// `_`, `-`, `.`, at most 64 characters); anything else might be free text and is not kept.
    static func code(in body: Data) -> String? {
        guard body.first == UInt8(ascii: "{"), let code = try? JSONDecoder().decode(Body.self, from: body).error
        else { return nil }
        return ErrorCode.sanitized(code)
    }
}

/// Keeps server-supplied codes short and free of anything but identifier characters.
enum ErrorCode {
    static func sanitized(_ code: String) -> String? {
        let allowed = code.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" || $0 == "."
        }
        return allowed && !code.isEmpty && code.count <= 64 ? code : nil
    }
}
