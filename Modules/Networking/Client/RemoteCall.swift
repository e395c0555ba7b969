public import Foundation
public import Logging
public import SharedError

/// What every remote repository does with a call, written once: send it, turn a failure into the repository's
/// own error, decode the body with its fail-validated parser, hand the defects (and a broken required field) to
/// the client-report sender, and record each mapping in the journey as the data layer.
///
/// The repository supplies only its vocabulary: how an `HTTPClientError` and a `DecodingFailure` read in its
/// own error type. Nothing from Networking leaves through `perform`.
public struct RemoteCall<RepositoryError: Error & JourneyDescribable>: Sendable {
    private let client: any HTTPClient
    private let reporter: any ClientReporting
    private let observer: (any BackendAnswerObserving)?
    private let module: String
    private let logger: Logger
    private let mapHTTPError: @Sendable (HTTPClientError) -> RepositoryError
    private let mapDecodingFailure: @Sendable (DecodingFailure) -> RepositoryError

    public init(
        client: any HTTPClient,
        reporter: any ClientReporting,
        module: String,
        logger: Logger,
        mapHTTPError: @escaping @Sendable (HTTPClientError) -> RepositoryError,
        mapDecodingFailure: @escaping @Sendable (DecodingFailure) -> RepositoryError,
        observer: (any BackendAnswerObserving)? = nil
    ) {
        self.client = client
        self.reporter = reporter
        self.observer = observer
        self.module = module
        self.logger = logger
        self.mapHTTPError = mapHTTPError
        self.mapDecodingFailure = mapDecodingFailure
    }

    /// Sends `request` and decodes its body for `endpoint` (the path reports name).
    public func perform<Value>(
        _ request: HTTPRequest,
        endpoint: String,
        isolation: isolated (any Actor)? = #isolation,
        decode: (Data) throws(DecodingFailure) -> Decoded<Value>
    ) async throws(RepositoryError) -> Value {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            observer?.observe(BackendAnswer(error), endpoint: endpoint)
            throw mapped(mapHTTPError(error), from: error)
        }

        let decoded: Decoded<Value>
        do throws(DecodingFailure) {
            decoded = try decode(response.body)
        } catch {
            observer?.observe(BackendAnswer(error, endpoint: endpoint), endpoint: endpoint)
            // The write was made, but its receipt cannot be read: it stays in the journal, as unsure as no answer.
            await response.journalled?.leaveUnknown()
            // The backend engineers hear about a broken required field too, not only about defaults.
            reporter.submit(
                DecodingReport(defects: [DecodingDefect(keyPath: error.keyPath, kind: error.kind, detail: error.detail)]
                ),
                endpoint: endpoint)
            throw mapped(mapDecodingFailure(error), from: error)
        }
        observer?.observe(.answered, endpoint: endpoint)
        await response.journalled?.settle()
        reporter.submit(decoded.report, endpoint: endpoint)
        if response.attempt > 1, let key = request.headers[HeaderName.idempotencyKey], !key.isEmpty {
            // A write that needed more than one send: the journey says it was still made once.
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .data, module: module, action: .recovered,
                    from: "\(request.method) \(endpoint) answered on attempt \(response.attempt)",
                    to: "made once: every attempt carried the same Idempotency-Key", category: .recoverable,
                    origin: .networking))
        }
        return decoded.value
    }

    /// Records that the data layer turned `cause` into `error`, and returns `error` to throw.
    public func mapped(_ error: RepositoryError, from cause: some JourneyDescribable & CategorizedError)
        -> RepositoryError
    {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .data, module: module, action: .mapped, from: cause.journeyName, to: error.journeyName,
                category: cause.category)
        )
        return error
    }

    /// Records that the data layer turned what the body said (`cause`, not an error yet) into `error`.
    public func mapped(_ error: RepositoryError, fromBody cause: String) -> RepositoryError
    where RepositoryError: CategorizedError {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .data, module: module, action: .mapped, from: cause, to: error.journeyName,
                category: error.category, origin: .backend)
        )
        return error
    }
}

extension HTTPRequest {
    /// A GET for `path` under `baseURL`, asking for JSON.
    public static func getJSON(_ baseURL: URL, _ path: String) -> HTTPRequest {
        HTTPRequest(method: .get, url: baseURL.appendingPathComponent(path), headers: ["Accept": "application/json"])
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
