import Decoding
import Foundation
public import Logging
import Redaction
public import SharedError

/// For services that answer HTTP 200 with `{"status": "error", "code": "SERVICE_DOWN", …}`: turns such a body
/// into ``HTTPClientError/Kind/errorEnvelope(code:)``; an `ok` body passes through untouched.
///
/// Composed only in front of the services that need it (the legacy payment-cards service). The envelope's
/// `status` and `code` are read in one decode, and only from a body that can hold an `error` status at all
/// (``mayHoldErrorStatus(_:)``); the payload is left to the repository.
public struct ErrorEnvelopeMappingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let secrets: SecretValues?
    private let journey: JourneyRecorder

    /// - Parameter secrets: values to scrub from body excerpts besides the patterns ``Redaction`` knows.
    public init(decoratee: any HTTPClient, secrets: SecretValues? = nil, logger: Logger) {
        self.decoratee = decoratee
        self.secrets = secrets
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Returns the decoratee's response unless its body is an error envelope. Throws
    /// ``HTTPClientError/Kind/errorEnvelope(code:)`` for a `"status": "error"` body; other failures pass through.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let response = try await decoratee.send(request)
        // A body of more values than the decoder reads is no envelope it reads either (and parsing it would cost
        // more memory than the app has for it): it passes through, for the repository's decoder to refuse.
        guard Self.mayHoldErrorStatus(response.body),
            JSONValueCount.isAtMost(LenientJSONDecoder.valueLimit, in: response.body),
            let envelope = try? JSONDecoder().decode(EnvelopeHead.self, from: response.body),
            envelope.status == "error"
        else { return response }

        let code = envelope.code.flatMap(ErrorCode.sanitized) ?? "UNKNOWN"
        let error = HTTPClientError(
            kind: .errorEnvelope(code: code),
            context: HTTPErrorContext(
                request: request, status: response.status,
                bodyExcerpt: Redaction.excerpt(of: response.body, known: secrets),
                serverCode: code)
        )
        journey.record(
            .mapped, from: "HTTP \(response.status) envelope \(code)", to: error.journeyName, category: error.category,
            origin: .backend)
        throw error
    }

    /// Whether `body` can hold a string whose value is `error`: written without an escape, such a string is the
    /// seven bytes `"error"`, and written with one it has a backslash. A body with neither (nearly every `ok` body)
    /// is no error envelope, and is not decoded for one.
    static func mayHoldErrorStatus(_ body: Data) -> Bool {
        let quoted = quotedError
        return body.withUnsafeBytes { bytes in
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") { return true }
                if byte == quoted[0], bytes.endIndex - index >= quoted.count,
                    quoted.indices.allSatisfy({ bytes[index + $0] == quoted[$0] })
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    private static let quotedError: [UInt8] = Array(#""error""#.utf8)

    /// Only the envelope's head; unknown keys (the payload) are skipped by the decoder.
    private struct EnvelopeHead: Decodable {
        var status: String?
        var code: String?
    }
}
