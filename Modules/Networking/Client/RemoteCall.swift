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
        mapDecodingFailure: @escaping @Sendable (DecodingFailure) -> RepositoryError
    ) {
        self.client = client
        self.reporter = reporter
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
            throw mapped(mapHTTPError(error), from: error.journeyName)
        }

        let decoded: Decoded<Value>
        do throws(DecodingFailure) {
            decoded = try decode(response.body)
        } catch {
            // The backend engineers hear about a broken required field too, not only about defaults.
            reporter.submit(
                DecodingReport(defects: [DecodingDefect(keyPath: error.keyPath, kind: error.kind, detail: error.detail)]
                ),
                endpoint: endpoint)
            throw mapped(mapDecodingFailure(error), from: error.journeyName)
        }
        reporter.submit(decoded.report, endpoint: endpoint)
        return decoded.value
    }

    /// Records that the data layer turned `cause` into `error`, and returns `error` to throw.
    public func mapped(_ error: RepositoryError, from cause: String) -> RepositoryError {
        logger.recordJourney(
            ErrorJourneyEvent(layer: .data, module: module, action: .mapped, from: cause, to: error.journeyName)
        )
        return error
    }
}

extension HTTPRequest {
    /// A GET for `path` under `baseURL`, asking for JSON.
    public static func getJSON(_ baseURL: URL, _ path: String) -> HTTPRequest {
        HTTPRequest(method: .get, url: baseURL.appendingPathComponent(path), headers: ["Accept": "application/json"])
    }

    /// A POST of a flat JSON object (`{"refreshToken": "…"}`) to `path` under `baseURL`.
    public static func postJSON(_ baseURL: URL, _ path: String, body: [String: String]) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: baseURL.appendingPathComponent(path),
            headers: [HeaderName.contentType: "application/json", "Accept": "application/json"],
            body: (try? JSONEncoder().encode(body)) ?? Data())
    }
}
