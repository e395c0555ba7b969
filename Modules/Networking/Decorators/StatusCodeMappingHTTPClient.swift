import Decoding
import Foundation
public import Logging
import Redaction
public import SharedError

/// Turns every status outside 200–299 into a typed ``HTTPClientError``; every 2xx passes through untouched.
///
/// The JSON error body's `error` code (`token_expired`, `wallet_banned`), a `Retry-After` header and the `Date`
/// header are kept in the context, so the authentication and retry decorators can act on them.
public struct StatusCodeMappingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let secrets: SecretValues?
    private let journey: JourneyRecorder

    /// - Parameter secrets: values to scrub from body excerpts besides the patterns ``Redaction`` knows.
    public init(decoratee: any HTTPClient, secrets: SecretValues? = nil, logger: Logger) {
        self.decoratee = decoratee
        self.secrets = secrets
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Returns a 2xx response untouched. Throws ``HTTPClientError`` with the status's kind, the server's error code and
    /// any `Retry-After` for every other status; transport failures pass through.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let response = try await decoratee.send(request)
        guard let kind = Self.kind(forStatus: response.status) else { return response }

        let body = ServerErrorBody.parse(response.body)
        let serverCode = body?.code
        let error = HTTPClientError(
            kind: kind,
            context: HTTPErrorContext(
                request: request,
                status: response.status,
                bodyExcerpt: Redaction.excerpt(of: response.body, known: secrets),
                serverCode: serverCode,
                fieldErrors: body?.fields ?? [],
                retryAfter: response.headers[HeaderName.retryAfter].flatMap(RetryAfter.init(headerValue:)),
                serverDate: response.headers[ServerClock.dateHeader].flatMap(HTTPDate.parse)
            )
        )
        let cause = ["HTTP \(response.status)", serverCode].compactMap { $0 }.joined(separator: " ")
        journey.record(.mapped, from: cause, to: error.journeyName, category: error.category, origin: .backend)
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

/// The contract's error body, `{"error": "<code>", "message": "<text>", "fields": [{field, code, message}]}`; only
/// identifiers are kept: the code, and each field's name and code.
struct ServerErrorBody {
    var code: String?
    var fields: [ServerFieldError]

    private struct Body: Decodable {
        var error: String?
        var fields: [Field]?
    }

    private struct Field: Decodable {
        var field: String?
        var code: String?
    }

    /// The code and fields when the body is the contract's JSON error and they look like identifiers (letters,
    /// digits, `_`, `-`, `.`, at most 64 characters); anything else might be free text and is not kept. A body of
    /// more values than ``LenientJSONDecoder/valueLimit`` is not parsed.
    static func parse(_ body: Data) -> ServerErrorBody? {
        guard body.first == UInt8(ascii: "{"), JSONValueCount.isAtMost(LenientJSONDecoder.valueLimit, in: body),
            let decoded = try? JSONDecoder().decode(Body.self, from: body)
        else {
            return nil
        }
        let fields = (decoded.fields ?? []).prefix(16).compactMap { field -> ServerFieldError? in
            guard let name = field.field.flatMap(ErrorCode.sanitized) else { return nil }
            return ServerFieldError(field: name, code: field.code.flatMap(ErrorCode.sanitized) ?? "unknown")
        }
        return ServerErrorBody(code: decoded.error.flatMap(ErrorCode.sanitized), fields: fields)
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
