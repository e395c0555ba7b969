public import Logging
import Redaction
public import SharedError

/// Writes one line per attempt through swift-log: method, redacted URL, request id, status, size and time.
///
/// Authorization, cookies, tokens and emails never reach a line: headers and bodies go through ``Redaction``,
/// and bodies are only excerpted at `trace` level.
public struct LoggingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let clock: any HTTPClock
    private let secrets: SecretValues?
    private let logger: Logger

    /// - Parameter secrets: values to scrub from what is written besides the patterns ``Redaction`` knows.
    public init(
        decoratee: any HTTPClient, clock: any HTTPClock = SystemHTTPClock(), secrets: SecretValues? = nil,
        logger: Logger
    ) {
        self.decoratee = decoratee
        self.clock = clock
        self.secrets = secrets
        self.logger = logger
    }

    /// Sends `request` unchanged and writes one redacted line for the attempt; returns or throws what the decoratee
    /// did.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        // Building the redacted line costs microseconds: it is built for a `debug` logger, or for a failure (log
        // messages are autoclosures, and `target` is built on first use).
        guard logger.logLevel <= .info else { return try await decoratee.send(request) }
        let started = clock.now
        lazy var target = describe(request)
        logger.debug(
            "→ \(target)",
            metadata: [
                "request.id": "\(request.id)", "request.attempt": "\(request.attempt)",
                "request.headers": .dictionary(redactedHeaders(request.headers)),
            ])
        do throws(HTTPClientError) {
            let response = try await decoratee.send(request)
            logger.debug(
                "← \(response.status) \(target) (\(response.body.count) bytes, \((clock.now - started).formattedSeconds))",
                metadata: ["request.id": "\(request.id)"])
            if logger.logLevel <= .trace, let excerpt = Redaction.excerpt(of: response.body, known: secrets) {
                logger.trace("body: \(excerpt)", metadata: ["request.id": "\(request.id)"])
            }
            return response
        } catch {
            logger.info(
                "✗ \(target): \(error.journeyName) (\((clock.now - started).formattedSeconds))",
                metadata: ["request.id": "\(request.id)", "request.attempt": "\(request.attempt)"])
            throw error
        }
    }

    /// The method and the redacted URL.
    private func describe(_ request: HTTPRequest) -> String {
        "\(request.method) \(Redaction.url(request.url, known: secrets))"
    }

    private func redactedHeaders(_ headers: HTTPHeaders) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        for (name, value) in headers {
            metadata[name] = .string(Redaction.header(name: name, value: value, known: secrets))
        }
        return metadata
    }
}
