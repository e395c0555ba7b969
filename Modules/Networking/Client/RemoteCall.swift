public import Decoding
public import Foundation
public import Logging
public import SharedError

/// What every remote repository does with a call, written once: send it, turn a failure into the repository's
/// own error, decode the body with its fail-validated parser, hand the defects (and a broken required field) to
/// the client-report sender, and record each mapping in the journey as the data layer.
///
/// The repository supplies only its vocabulary: its case for a failure nothing explains (`unavailable`), which
/// answers of the service are its own (`ownAnswer`), and, if a broken body means more than "unavailable", what it
/// means. Everything else is decided here, in this order: a
/// cancelled call is `cancelled`; the service's own answer; an app-wide condition (offline, timed out, signed out)
/// is `appWide`; anything else is `unavailable`. Nothing from Networking leaves through `perform`.
public struct RemoteCall<RepositoryError: BackendCallError>: Sendable {
    private let client: any HTTPClient
    private let reporter: any ClientReporting
    private let journey: JourneyRecorder
    private let unavailable: @Sendable (Diagnostic) -> RepositoryError
    private let ownAnswer: @Sendable (HTTPClientError) -> RepositoryError?
    private let mapDecodingFailure: @Sendable (DecodingFailure) -> RepositoryError

    /// - Parameters:
    ///   - unavailable: the repository's case for a failure nothing explains (its `unavailable(Diagnostic)`).
    ///   - ownAnswer: the service's own answers (a status with its server code), as the repository's cases; `nil`
    ///     for everything else.
    ///   - decodingFailure: what a body without a required field means (by default, `unavailable`).
    public init(
        client: any HTTPClient, reporter: any ClientReporting, logger: Logger,
        unavailable: @escaping @Sendable (Diagnostic) -> RepositoryError,
        ownAnswer: @escaping @Sendable (HTTPClientError) -> RepositoryError? = { _ in nil },
        decodingFailure: (@Sendable (DecodingFailure) -> RepositoryError)? = nil,
        fileID: String = #fileID
    ) {
        self.client = client
        self.reporter = reporter
        self.journey = JourneyRecorder(.data, logger: logger, fileID: fileID)
        self.unavailable = unavailable
        self.ownAnswer = ownAnswer
        self.mapDecodingFailure = decodingFailure ?? { unavailable($0.diagnostic) }
    }

    /// Sends `request` and decodes its body for `endpoint` (the path reports name).
    public func perform<Value>(
        _ request: HTTPRequest,
        endpoint: String,
        isolation: isolated (any Actor)? = #isolation,
        decode: (Data) throws(DecodingFailure) -> Decoded<Value>
    ) async throws(RepositoryError) -> Value {
        try await perform(request, endpoint: endpoint) { (answer: HTTPResponse) throws(DecodingFailure) in
            try decode(answer.body)
        }
    }

    /// Sends `request` and decodes its whole answer for `endpoint`: for a repository that reads more than the body
    /// (whether the answer is the journal's receipt of a write made earlier, ``HTTPResponse/madeEarlier``).
    public func perform<Value>(
        _ request: HTTPRequest,
        endpoint: String,
        isolation: isolated (any Actor)? = #isolation,
        decodeAnswer decode: (HTTPResponse) throws(DecodingFailure) -> Decoded<Value>
    ) async throws(RepositoryError) -> Value {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            throw mapped(repositoryError(for: error), from: error)
        }

        let decoded: Decoded<Value>
        do throws(DecodingFailure) {
            decoded = try decode(response)
        } catch {
            // The write was made, but its receipt cannot be read: it stays in the journal, as unsure as no answer.
            await response.journalled?.leaveUnknown()
            // The backend engineers hear about a broken required field too, not only about defaults.
            reporter.submit(
                DecodingReport(defects: [DecodingDefect(keyPath: error.keyPath, kind: error.kind, detail: error.detail)]
                ),
                endpoint: endpoint)
            throw mapped(mapDecodingFailure(error), from: error)
        }
        await response.journalled?.settle(with: response)
        // A receipt the journal kept was reported when it was first read.
        if response.madeEarlier == nil { reporter.submit(decoded.report, endpoint: endpoint) }
        if response.attempt > 1, let key = request.headers[HeaderName.idempotencyKey], !key.isEmpty {
            // A write that needed more than one send: the journey says it was still made once.
            journey.record(
                .recovered, from: "\(request.method) \(endpoint) answered on attempt \(response.attempt)",
                to: "made once: every attempt carried the same Idempotency-Key", category: .recoverable,
                origin: .networking)
        }
        return decoded.value
    }

    /// The repository's error for a failed call, in the order the type's documentation gives.
    public func repositoryError(for error: HTTPClientError) -> RepositoryError {
        if error.category == .ignorable { return .cancelled }
        if let own = ownAnswer(error) { return own }
        if let condition = error.kind.appWideCondition { return .appWide(condition) }
        return unavailable(error.diagnostic)
    }

    /// Records that the data layer turned `cause` into `error`, and returns `error` to throw.
    public func mapped(_ error: RepositoryError, from cause: some CategorizedError)
        -> RepositoryError
    {
        journey.record(.mapped, from: cause.journeyName, to: error.journeyName, category: cause.category)
        return error
    }

    /// Records that the data layer turned what the body said (`cause`, not an error yet) into `error`.
    public func mapped(_ error: RepositoryError, fromBody cause: String) -> RepositoryError {
        journey.record(.mapped, from: cause, to: error.journeyName, category: error.category, origin: .backend)
        return error
    }
}

extension HTTPRequest {
    /// A GET for `path` under `baseURL`, asking for JSON.
    public static func getJSON(_ baseURL: URL, _ path: String) -> HTTPRequest {
        getJSON(baseURL.appendingPathComponent(path))
    }

    /// A GET for `url`, asking for JSON, with a request id of its own: a repository that calls the same URL again
    /// keeps the URL, never the request.
    public static func getJSON(_ url: URL) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"])
    }

    /// A POST of a flat JSON object (`{"refreshToken": "…"}`) to `path` under `baseURL`, its keys sorted: the same
    /// object always makes the same bytes, so a write sent again under its `Idempotency-Key` is the same request.
    public static func postJSON(_ baseURL: URL, _ path: String, body: [String: String]) -> HTTPRequest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return HTTPRequest(
            method: .post, url: baseURL.appendingPathComponent(path),
            headers: [HeaderName.contentType: "application/json", "Accept": "application/json"],
            body: (try? encoder.encode(body)) ?? Data())
    }
}
