import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
public import Networking
import SharedError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The transport on Linux: AsyncHTTPClient over SwiftNIO, behind the same ``Networking/HTTPClient`` protocol as
/// ``URLSessionHTTPClient``, under the same decorators.
///
/// - The body is counted as it comes: a declared length over the limit is refused at the head, and a body that
///   grows past it is cut off before anything beyond the limit is kept. So memory stays bounded whatever the
///   backend sends (FoundationNetworking reads a whole body before its delegate sees any).
/// - A compressed body (`gzip`, `deflate`) is inflated at most to the same limit: a small bomb is refused as soon
///   as its inflated size passes it.
/// - Redirects are never followed; a 3xx is returned as it is, so a bearer token never reaches another origin.
/// - The request's deadline is handed to AsyncHTTPClient's delegate API, which ends the call at it, body download
///   included (its async API's deadline stops at the response head).
/// - A refused connection fails at once (no reconnect loop); IPv6 addresses (`http://[::1]:8080`) work.
///
/// Its failures name their cause (`context.underlying`); ``TransportJourneyHTTPClient`` records them in the journey.
/// One instance serves a whole process; call ``shutdown()`` before the process ends (AsyncHTTPClient insists).
public final class AsyncHTTPClientTransport: Networking.HTTPClient {
    /// What the transport is tuned with.
    public struct Configuration: Sendable {
        /// Bodies larger than this (inflated, when compressed) fail with
        /// ``Networking/HTTPClientError/Kind/bodyTooLarge(limit:)``.
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
    private let client: AsyncHTTPClient.HTTPClient
    private let clock: any HTTPClock

    /// One task executor per event loop of the transport's connection pool. A task that prefers one
    /// (`withTaskExecutorPreference`, `addTask(executorPreference:)`) runs its nonisolated code on that loop's
    /// thread, and its calls are sent on that loop when a connection is free there: no hop between Swift's thread
    /// pool and the loop for each call. Code isolated to an actor (the main actor) still runs there.
    @available(macOS 15.0, iOS 18.0, *)
    public var callerExecutors: [any TaskExecutor] { loopExecutors.compactMap { $0 as? EventLoopTaskExecutor } }
    /// The ``EventLoopTaskExecutor``s, one per loop (typed loosely: executors are newer than the oldest platforms).
    private let loopExecutors: [any AnyObject & Sendable]

    /// Makes a transport with its own connection pool; `clock` measures the time left before a request's deadline.
    public init(configuration: Configuration = Configuration(), clock: any HTTPClock = SystemHTTPClock()) {
        var settings = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10)),
            decompression: .enabled(limit: .size(configuration.maximumBodyBytes)))
        settings.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.connectionsPerHost
        // A refused connection is an answer ("offline"), not something to wait out until the deadline.
        settings.connectionPool.retryConnectionEstablishment = false
        settings.httpVersion = .http1Only
        self.configuration = configuration
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
        self.client = client
        self.clock = clock
        if #available(macOS 15.0, iOS 18.0, *) {
            self.loopExecutors = client.eventLoopGroup.makeIterator().map { EventLoopTaskExecutor($0) }
        } else {
            self.loopExecutors = []
        }
    }

    /// AsyncHTTPClient with nothing of the app's around it, over this transport's connection pool: what the load
    /// run's `--bare` clients measure the transport and the chain against.
    public func bare(_ api: BareAsyncHTTPClient.API) -> BareAsyncHTTPClient {
        BareAsyncHTTPClient(client: client, api: api)
    }

    /// Closes every connection. The transport sends nothing afterwards.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends `request` once, without following redirects, and returns whatever status came back.
    /// Throws ``Networking/HTTPClientError`` with a transport kind (offline, timed out, cancelled, connection lost,
    /// body too large, invalid response) when no whole answer arrives by the deadline.
    public func send(_ request: HTTPRequest) async throws(Networking.HTTPClientError) -> HTTPResponse {
        guard !Task.isCancelled else {
            throw Networking.HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
        }
        let timeLeft = request.deadline.map { $0 - clock.now } ?? configuration.defaultTimeout
        guard timeLeft > .zero else {
            throw mapped(.timedOut, from: "deadline already passed", request: request)
        }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeLeft.inSeconds * 1_000_000_000))
        let outgoing: AsyncHTTPClient.HTTPClient.Request
        do {
            outgoing = try clientRequest(for: request)
        } catch {
            let (kind, cause) = Self.kind(of: error, limit: configuration.maximumBodyBytes)
            throw mapped(kind, from: cause, request: request)
        }
        // The delegate API's deadline ends the whole call, a body that trickles or stalls included, and its answer
        // comes back through a future: no task of its own per call. On one of the transport's loops (a caller on
        // one of ``callerExecutors``), the answer is handled on that loop and the call sent there when a
        // connection is free there.
        let collector = ResponseCollector(limit: request.bodyLimit(within: configuration.maximumBodyBytes))
        let call = client.execute(
            request: outgoing, delegate: collector, eventLoop: .delegate(on: client.eventLoopGroup.any()),
            deadline: deadline, logger: nil)
        let result = await withTaskCancellationHandler {
            () async -> Result<HTTPResponse, any Error> in
            do {
                return .success(try await call.futureResult.get())
            } catch {
                return .failure(error)
            }
        } onCancel: {
            call.cancel()
        }
        switch result {
        case .success(let response):
            return response
        case .failure(let failure as TransportFailure):
            throw mapped(failure.kind, from: failure.cause, request: request)
        case .failure(let failure as AsyncHTTPClient.HTTPClientError) where failure == .deadlineExceeded:
            throw mapped(.timedOut, from: "deadline passed during transfer", request: request)
        case .failure(let error):
            if Task.isCancelled || error is CancellationError {
                throw Networking.HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
            }
            let (kind, cause) = Self.kind(of: error, limit: request.bodyLimit(within: configuration.maximumBodyBytes))
            throw mapped(kind, from: cause, request: request)
        }
    }

    /// `request`'s headers as AsyncHTTPClient takes them. Its names are unique already (``Networking/HTTPHeaders``
    /// replaces a name set twice), so each is added, never looked up.
    static func headers(of request: HTTPRequest) -> NIOHTTP1.HTTPHeaders {
        var headers = NIOHTTP1.HTTPHeaders()
        for (name, value) in request.headers {
            headers.add(name: name, value: value)
        }
        return headers
    }

    private func clientRequest(for request: HTTPRequest) throws -> AsyncHTTPClient.HTTPClient.Request {
        var headers = Self.headers(of: request)
        headers.replaceOrAdd(name: HeaderName.requestID, value: request.id)
        return try AsyncHTTPClient.HTTPClient.Request(
            url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), headers: headers,
            body: request.body.map { .bytes($0) })
    }

    private func mapped(_ kind: Networking.HTTPClientError.Kind, from cause: String, request: HTTPRequest)
        -> Networking.HTTPClientError
    {
        Networking.HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
    }

    /// How AsyncHTTPClient's and SwiftNIO's failures read as the app's kinds, with their names for the journey.
    static func kind(of error: any Error, limit: Int) -> (Networking.HTTPClientError.Kind, String) {
        switch error {
        case let failure as AsyncHTTPClient.HTTPClientError:
            switch failure {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout:
                return (.timedOut, "deadline passed during transfer (AsyncHTTPClient.\(failure))")
            case .remoteConnectionClosed:
                return (.connectionLost, "AsyncHTTPClient.\(failure)")
            case .cancelled:
                return (.cancelled, "AsyncHTTPClient.\(failure)")
            default:
                return (.invalidResponse, "AsyncHTTPClient.\(failure)")
            }
        case let failure as NIOHTTPDecompression.DecompressionError:
            return failure == .limit
                ? (.bodyTooLarge(limit: limit), "a compressed body that inflates past \(limit) bytes")
                : (.invalidResponse, "a compressed body that does not inflate")
        case HTTPParserError.invalidEOFState:
            // The connection closed before the answer was whole: the body stopped short of its length.
            return (.connectionLost, "HTTPParserError.invalidEOFState")
        case let failure as HTTPParserError:
            return (.invalidResponse, "HTTPParserError.\(failure)")
        case let failure as IOError where [ECONNRESET, EPIPE].contains(failure.errnoCode):
            return (.connectionLost, "IOError(\(Self.errnoName(failure.errnoCode)))")
        case let failure as IOError:
            return (.offline, "IOError(\(Self.errnoName(failure.errnoCode)))")
        case let failure as NIOConnectionError:
            let codes = failure.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            return (.offline, "NIOConnectionError(\(codes.first.map(Self.errnoName) ?? "no address"))")
        case is ChannelError:
            return (.offline, "ChannelError.\(error)")
        default:
            return (.invalidResponse, "\(type(of: error))")
        }
    }

    /// `ECONNREFUSED` for the errno of a refused connection, and so on; the number for others.
    private static func errnoName(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "ECONNREFUSED"
        case ECONNRESET: "ECONNRESET"
        case EPIPE: "EPIPE"
        case ENETUNREACH: "ENETUNREACH"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case ETIMEDOUT: "ETIMEDOUT"
        default: "errno \(code)"
        }
    }
}

/// A failure the transport decided on itself (the size limit).
private struct TransportFailure: Error {
    var kind: Networking.HTTPClientError.Kind
    var cause: String
}

/// Collects one answer for ``AsyncHTTPClientTransport``: its status and headers, and its body counted against the
/// limit as it streams in. A declared length over the limit fails the call at the head; a body that grows past it
/// fails it before anything beyond the limit is kept, which ends the download.
private final class ResponseCollector: HTTPClientResponseDelegate {
    typealias Response = HTTPResponse

    private struct Answer {
        var head: HTTPResponseHead?
        /// A body that comes in one part (most do) is kept as that part, not copied into a buffer of its own.
        var body: ByteBuffer?
    }

    private let limit: Int
    private let answer = LockedState(Answer())

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<HTTPResponse>, _ head: HTTPResponseHead)
        -> EventLoopFuture<Void>
    {
        if let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
            return task.eventLoop.makeFailedFuture(
                TransportFailure(kind: .bodyTooLarge(limit: limit), cause: "declared body over \(limit) bytes"))
        }
        answer.withLock { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<HTTPResponse>, _ part: ByteBuffer)
        -> EventLoopFuture<Void>
    {
        let limit = limit
        let kept = answer.withLock { answer -> Bool in
            guard (answer.body?.readableBytes ?? 0) + part.readableBytes <= limit else { return false }
            if answer.body == nil {
                answer.body = part
            } else {
                answer.body?.writeImmutableBuffer(part)
            }
            return true
        }
        guard kept else {
            return task.eventLoop.makeFailedFuture(
                TransportFailure(
                    kind: .bodyTooLarge(limit: limit), cause: "body over \(limit) bytes, cut off as it streamed"))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<HTTPResponse>) throws -> HTTPResponse {
        let (head, body) = answer.withLock { ($0.head, $0.body) }
        guard let head else {
            throw TransportFailure(kind: .invalidResponse, cause: "an answer without a head")
        }
        var headers = Networking.HTTPHeaders()
        headers.reserveCapacity(head.headers.count)
        for field in head.headers {
            headers.add(field.value, forName: field.name)
        }
        let bytes = body.map { Data($0.readableBytesView) } ?? Data()
        return HTTPResponse(status: Int(head.status.code), headers: headers, body: bytes)
    }
}
