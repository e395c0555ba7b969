import Foundation
import SharedError

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: URLSession (FoundationNetworking on Linux), with transport failures mapped into
/// ``HTTPClientError`` and the body streamed against a size limit instead of buffered without bound.
///
/// It returns a response for every status; ``StatusCodeMappingHTTPClient`` decides which statuses are errors. Its
/// failures name their cause (`context.underlying`); ``TransportJourneyHTTPClient`` records them in the journey.
/// Redirects are never followed (a 3xx is returned as it is), so a bearer token never reaches another origin.
public final class URLSessionHTTPClient: HTTPClient {
    /// What the transport is tuned with.
    public struct Configuration: Sendable {
        /// Bodies larger than this fail with ``HTTPClientError/Kind/bodyTooLarge(limit:)``.
        public var maximumBodyBytes: Int
        /// The time allowed for a request that carries no deadline of its own.
        public var defaultTimeout: Duration
        /// Connections kept open to one host, for many calls at once.
        public var connectionsPerHost: Int

        /// Makes a configuration: a 4 MiB body limit, 30 s for requests without a deadline, 64 connections per host.
        public init(
            maximumBodyBytes: Int = 4 * 1024 * 1024, defaultTimeout: Duration = .seconds(30),
            connectionsPerHost: Int = 64
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.defaultTimeout = defaultTimeout
            self.connectionsPerHost = connectionsPerHost
        }
    }

    private let configuration: Configuration
    private let session: URLSession
    private let delegate: TransferDelegate
    private let clock: any HTTPClock

    /// Makes a transport on an ephemeral session: no cache, no cookies, the configuration's connections per host.
    /// `clock` measures the time left before a request's deadline.
    public init(configuration: Configuration = Configuration(), clock: any HTTPClock = SystemHTTPClock()) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.connectionsPerHost
        let delegate = TransferDelegate()
        self.configuration = configuration
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
        self.clock = clock
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` once, without following redirects, and returns whatever status came back. Throws
    /// ``HTTPClientError`` with a transport kind (offline, timed out, cancelled, connection lost, body too large,
    /// invalid response) when no whole answer arrives by the deadline.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard !Task.isCancelled else {
            throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        }
        let timeLeft = request.deadline.map { $0 - clock.now } ?? configuration.defaultTimeout
        guard timeLeft > .zero else {
            throw mapped(.timedOut, from: "deadline already passed", request: request)
        }

        let task = session.dataTask(with: urlRequest(for: request, timeout: timeLeft))
        let watchdog = Task { [clock] in
            // Ends the transfer at the deadline, even while the body is still trickling in.
            guard (try? await clock.sleep(for: timeLeft)) != nil else { return }
            delegate.fail(task, with: .deadlinePassed)
        }
        defer { watchdog.cancel() }

        let outcome = await withTaskCancellationHandler {
            await delegate.run(task, bodyLimit: request.bodyLimit(within: configuration.maximumBodyBytes))
        } onCancel: {
            delegate.fail(task, with: .cancelled)
        }

        switch outcome {
        case .success(let response):
            return response
        case .failure(.cancelled):
            throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        case .failure(.deadlinePassed):
            throw mapped(.timedOut, from: "deadline passed during transfer", request: request)
        case .failure(.bodyTooLarge(let limit)):
            throw mapped(.bodyTooLarge(limit: limit), from: "body over \(limit) bytes", request: request)
        case .failure(.urlError(.timedOut)) where request.deadline.map { clock.now >= $0 } == true:
            // URLSession's own timer and the watchdog race near the deadline; either way the deadline ended it.
            throw mapped(.timedOut, from: "deadline passed during transfer", request: request)
        case .failure(.urlError(let code)):
            throw mapped(
                TransportErrorMapping.kind(for: code), from: TransportErrorMapping.name(of: code), request: request)
        case .failure(.notHTTP):
            throw mapped(.invalidResponse, from: "response without HTTP status", request: request)
        case .failure(.closedBeforeAnswer):
            throw mapped(
                .connectionLost, from: "connection closed before any answer (URLError.badServerResponse)",
                request: request)
        }
    }

    func urlRequest(for request: HTTPRequest, timeout: Duration) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        // FoundationNetworking truncates the interval to whole seconds (0.8 s would time out at once), so it gets
        // the time left rounded up plus a second; the watchdog enforces the exact deadline.
        urlRequest.timeoutInterval = timeout.inSeconds.rounded(.up) + 1
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.setValue(request.id, forHTTPHeaderField: HeaderName.requestID)
        return urlRequest
    }

    private func mapped(_ kind: HTTPClientError.Kind, from cause: String, request: HTTPRequest) -> HTTPClientError {
        HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
    }
}

/// Why a transfer ended without a response.
enum TransferFailure: Error, Equatable {
    case cancelled
    case deadlinePassed
    case bodyTooLarge(limit: Int)
    case urlError(URLError.Code)
    case notHTTP
    /// The connection closed before any response head: FoundationNetworking calls this `badServerResponse` ("Empty
    /// reply from server"), Apple's URLSession `networkConnectionLost`. Either way the request may have been acted
    /// on, and nothing was answered.
    case closedBeforeAnswer
}

/// Receives URLSession's callbacks for every transfer of one session and resumes each caller once.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransferFailure>, Never>
        var bodyLimit: Int
        var response: HTTPURLResponse?
        var body = Data()
        /// A failure the client decided on (deadline, size), which wins over URLSession's "cancelled".
        var failure: TransferFailure?
    }

    private let transfers = LockedState<[Int: Transfer]>([:])
    /// Failures decided before the transfer was registered (a deadline that fired at once).
    private let earlyFailures = LockedState<[Int: TransferFailure]>([:])

    func run(_ task: URLSessionDataTask, bodyLimit: Int) async -> Result<HTTPResponse, TransferFailure> {
        await withCheckedContinuation { continuation in
            if let early = earlyFailures.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
                continuation.resume(returning: .failure(early))
                return
            }
            transfers.withLock {
                $0[task.taskIdentifier] = Transfer(continuation: continuation, bodyLimit: bodyLimit)
            }
            task.resume()
            if Task.isCancelled { fail(task, with: .cancelled) }
        }
    }

    /// Ends a transfer with the client's own reason (a failure decided earlier, such as a size limit, wins), at
    /// once: the caller is resumed here, not when URLSession reports the cancelled task, which under load it can
    /// do late or, for a task still waiting for a connection, not at all.
    func fail(_ task: URLSessionTask, with failure: TransferFailure) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if let transfer {
            transfer.continuation.resume(returning: .failure(transfer.failure ?? failure))
        } else {
            earlyFailures.withLock { $0[task.taskIdentifier] = failure }
        }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(transfer.bodyLimit) {
                transfer.failure = transfer.failure ?? .bodyTooLarge(limit: transfer.bodyLimit)
            }
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.failure == nil
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    /// Never follows a redirect: the contract has none, and following one could carry the `Authorization` header
    /// to another origin. The 3xx itself is returned, and the status mapping makes it a typed error.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
            guard transfer.body.count + data.count <= transfer.bodyLimit else {
                transfer.failure = .bodyTooLarge(limit: transfer.bodyLimit)
                transfer.body = Data()
                transfers[dataTask.taskIdentifier] = transfer
                return true
            }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.continuation.resume(returning: Self.outcome(of: transfer, error: error))
    }

    private static func outcome(of transfer: Transfer, error: (any Error)?) -> Result<HTTPResponse, TransferFailure> {
        if let failure = transfer.failure { return .failure(failure) }
        if let error {
            let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
            if code != .cancelled, let response = transfer.response, response.expectedContentLength > 0,
                transfer.body.count < response.expectedContentLength
            {
                // The head arrived and the body stopped short of its length: the connection dropped mid-answer.
                // (FoundationNetworking reports this as an unknown error.)
                return .failure(.urlError(.networkConnectionLost))
            }
            if code == .badServerResponse, transfer.response == nil { return .failure(.closedBeforeAnswer) }
            return .failure(code == .cancelled ? .cancelled : .urlError(code))
        }
        guard let response = transfer.response else { return .failure(.notHTTP) }
        var headers = HTTPHeaders()
        for case (let name as String, let value as String) in response.allHeaderFields {
            headers[name] = value
        }
        return .success(HTTPResponse(status: response.statusCode, headers: headers, body: transfer.body))
    }
}
