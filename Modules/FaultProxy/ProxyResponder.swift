import AsyncHTTPClient
import FaultInjection
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// The request context of the proxy: Hummingbird's, plus the client's connection, which a dropped answer closes.
struct ProxyContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Answers `/_proxy/target` and `/_proxy/faults` itself, and forwards everything else to the target, with the fault
/// drawn for it. Never writes a header value, a query or a body to its log.
struct ProxyResponder: HTTPResponder {
    typealias Context = ProxyContext

    let settings: FaultProxy.Settings
    let client: AsyncHTTPClient.HTTPClient
    let log: FaultLog
    let stopping: StopFlag
    let onFault: @Sendable (InjectedFaultRecord) -> Void
    let logger: Logger

    /// The largest answer whose body a `malformed` or `missing-field` fault rewrites; a larger one passes untouched.
    static let rewriteLimit = 1 << 20
    /// How long a 429 or 503 asks the client to wait.
    static let retryAfterSeconds = 1
    /// Header fields that belong to one connection, never passed on.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host",
    ]

    func respond(to request: Request, context: ProxyContext) async throws -> Response {
        let path = request.uri.path
        let method = request.method.rawValue
        if path.hasPrefix("/_proxy/") {
            let challenge = HTTPField.Name(Self.challengeHeader).flatMap { request.headers[$0] }
            return await own(method: method, path: path, challenge: challenge)
        }
        let kinds = settings.rules.kinds(method: method, path: path)
        guard let fault = await log.draw(method: method, path: path, kinds: kinds) else {
            return await forward(request, method: method, path: path)
        }
        let trace = Self.traceID(HTTPField.Name("traceparent").flatMap { request.headers[$0] })
        func injected(_ effect: String) async {
            let record = await log.record(method: method, path: path, fault: fault, traceID: trace, effect: effect)
            onFault(record)
        }
        switch fault {
        case .serverError:
            await injected("answered 500 internal; the backend never saw the request")
            return Self.error(500, "internal", "Injected fault.")
        case .unavailable:
            await injected(
                "answered 503 with Retry-After: \(Self.retryAfterSeconds); the backend never saw the request")
            return Self.error(
                503, "service_unavailable", "Injected fault.", retryAfter: Self.retryAfterSeconds)
        case .rateLimited:
            await injected(
                "answered 429 with Retry-After: \(Self.retryAfterSeconds); the backend never saw the request")
            return Self.error(429, "rate_limited", "Injected fault.", retryAfter: Self.retryAfterSeconds)
        case .expiredToken:
            await injected("answered 401 token_expired; the backend never saw the request")
            return Self.error(401, "token_expired", "The access token has expired.")
        case .slow:
            // Logged as the hold begins, so the line shows a request held now.
            await injected(
                "holds the request \(settings.slowDelay.formatted(.units(allowed: [.seconds, .milliseconds]))) "
                    + "before the backend sees it")
            await stopping.sleep(for: settings.slowDelay)
            return await forward(request, method: method, path: path)
        case .dropAnswer:
            let answer = await send(request, method: method, path: path)
            guard case .success(let response) = answer else {
                return Self.failure(answer, method: method, path: path, logger: logger)
            }
            // The backend has acted; its whole answer is read, then the client's connection closes without a byte.
            do {
                for try await _ in response.body {}
            } catch {}
            await injected("the backend answered \(response.status.code); the answer was dropped (connection closed)")
            try? await context.channel.close()
            return Response(status: .ok)
        case .errorIn200:
            let answer = await send(request, method: method, path: path)
            guard case .success(let response) = answer else {
                return Self.failure(answer, method: method, path: path, logger: logger)
            }
            do {
                for try await _ in response.body {}
            } catch {}
            await injected("the backend answered \(response.status.code); answered 200 with an error envelope instead")
            return Self.json(
                200, #"{"status":"error","code":"SERVICE_DOWN","message":"Injected fault."}"#)
        case .malformed, .missingField:
            let answer = await send(request, method: method, path: path)
            guard case .success(let response) = answer else {
                return Self.failure(answer, method: method, path: path, logger: logger)
            }
            guard (200..<300).contains(Int(response.status.code)),
                let length = response.headers.first(name: "content-length").flatMap(Int.init),
                length <= Self.rewriteLimit
            else {
                // Nothing to rewrite: the answer passes untouched, and no fault is recorded.
                return Self.passed(response)
            }
            var body: ByteBuffer
            do {
                body = try await response.body.collect(upTo: Self.rewriteLimit)
            } catch {
                return Self.error(502, "bad_gateway", "The backend's answer broke off.")
            }
            let bytes = Data(body.readableBytesView)
            let rewritten: (Data, String)? =
                fault == .malformed ? Self.cut(bytes) : Self.withoutAField(bytes)
            guard let (data, effect) = rewritten else {
                return Self.passed(response, body: bytes)
            }
            await injected(effect)
            return Self.passed(response, body: data)
        }
    }

    // MARK: - The proxy's own paths

    private func own(method: String, path: String, challenge: String?) async -> Response {
        switch (method, path) {
        case ("GET", "/_proxy/target"):
            let object = ["target": settings.target.absoluteString]
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
                ?? Data()
            var response = Self.json(200, String(decoding: data, as: UTF8.self))
            if let challenge, challenge.utf8.count <= Self.challengeLimit, let proof = settings.proof,
                let name = HTTPField.Name(Self.proofHeader)
            {
                response.headers[name] = proof(challenge)
            }
            return response
        case ("GET", "/_proxy/faults"):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(await log.records)) ?? Data("[]".utf8)
            return Self.json(200, String(decoding: data, as: UTF8.self))
        default:
            return Self.error(404, "not_found", "The proxy answers GET /_proxy/target and GET /_proxy/faults.")
        }
    }

    /// The header of the app's question that carries its challenge.
    static let challengeHeader = "ErrorFlow-Proxy-Challenge"
    /// The header of the answer that carries the proof of the challenge, so that the app believes this proxy and no
    /// other server that answers the path.
    static let proofHeader = "ErrorFlow-Proxy"
    /// The longest challenge it proves (the app's are 64 characters).
    static let challengeLimit = 256

    // MARK: - Forwarding

    private func forward(_ request: Request, method: String, path: String) async -> Response {
        let answer = await send(request, method: method, path: path)
        guard case .success(let response) = answer else {
            return Self.failure(answer, method: method, path: path, logger: logger)
        }
        return Self.passed(response)
    }

    /// Sends `request` to the target, its body streamed, and returns the target's answer head with its body to come.
    private func send(_ request: Request, method: String, path: String) async
        -> Result<HTTPClientResponse, ForwardingFailure>
    {
        var outgoing = HTTPClientRequest(url: targetURL(for: request.uri.description))
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: method)
        for field in request.headers where !Self.hopByHop.contains(field.name.canonicalName) {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let length = request.headers[.contentLength].flatMap(Int64.init) {
            outgoing.body = HTTPClientRequest.Body.stream(request.body, length: .known(length))
        } else if request.headers[.transferEncoding]?.lowercased().contains("chunked") == true {
            outgoing.body = HTTPClientRequest.Body.stream(request.body, length: .unknown)
        }
        let milliseconds = max(settings.targetTimeout.milliseconds, 1)
        do {
            let response = try await client.execute(
                outgoing, deadline: .now() + .milliseconds(milliseconds), logger: nil)
            return .success(response)
        } catch {
            return .failure(ForwardingFailure(error))
        }
    }

    /// The target's URL for a request to `uri`: its path after the target's base path, its query as it came.
    private func targetURL(for uri: String) -> String {
        var base = settings.target.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + uri
    }

    /// The target's answer as it came: status, header fields (but those of one connection) and the body, streamed;
    /// or `body` instead of its own.
    private static func passed(_ response: HTTPClientResponse, body: Data? = nil) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers where !hopByHop.contains(name.lowercased()) {
            guard let name = HTTPField.Name(name) else { continue }
            if body != nil, name == .contentLength { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        let status = HTTPResponse.Status(code: Int(response.status.code))
        guard let body else {
            return Response(status: status, headers: fields, body: ResponseBody(asyncSequence: response.body))
        }
        fields[.contentLength] = String(body.count)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// 502 when the target could not be reached or broke off, 504 when it gave no answer in time; one log line.
    private static func failure(
        _ answer: Result<HTTPClientResponse, ForwardingFailure>, method: String, path: String, logger: Logger
    ) -> Response {
        guard case .failure(let failure) = answer else { return error(502, "bad_gateway", "No answer.") }
        logger.warning("\(method) \(path): the backend gave no answer (\(failure.reason))")
        return failure.timedOut
            ? error(504, "gateway_timeout", "The backend behind the proxy did not answer in time.")
            : error(502, "bad_gateway", "The backend behind the proxy could not be reached.")
    }

    // MARK: - Rewritten bodies

    /// The first half of `body`: JSON cut off mid-way.
    static func cut(_ body: Data) -> (Data, String)? {
        let kept = body.prefix(body.count / 2)
        return (Data(kept), "answered the backend's \(body.count) bytes cut to \(kept.count) (not JSON any more)")
    }

    /// `body` without the first of its top-level fields in alphabetical order, or `nil` when it is no JSON object
    /// with a field.
    static func withoutAField(_ body: Data) -> (Data, String)? {
        guard var object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let field = object.keys.sorted().first
        else { return nil }
        object.removeValue(forKey: field)
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return nil
        }
        return (data, "answered the backend's JSON without its field '\(field)'")
    }

    // MARK: - Answers of the proxy's own

    static func error(_ status: Int, _ code: String, _ message: String, retryAfter: Int? = nil) -> Response {
        let data =
            (try? JSONSerialization.data(withJSONObject: ["error": code, "message": message], options: [.sortedKeys]))
            ?? Data()
        var response = json(status, String(decoding: data, as: UTF8.self))
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    static func json(_ status: Int, _ text: String) -> Response {
        Response(
            status: .init(code: status),
            headers: [.contentType: "application/json", .contentLength: String(text.utf8.count)],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The trace id of a `traceparent` value (`00-<32 hex>-<16 hex>-<2 hex>`), when it is a valid one.
    static func traceID(_ traceparent: String?) -> String? {
        guard let parts = traceparent?.split(separator: "-", omittingEmptySubsequences: false), parts.count == 4,
            parts[1].count == 32, parts[1].allSatisfy(\.isHexDigit), parts[1].contains(where: { $0 != "0" })
        else { return nil }
        return parts[1].lowercased()
    }
}

/// Why the target gave no answer head: its reason in a few words (never a URL's query or a header's value).
struct ForwardingFailure: Error {
    let reason: String
    let timedOut: Bool

    init(_ error: any Error) {
        guard let client = error as? AsyncHTTPClient.HTTPClientError else {
            timedOut = false
            reason = String(describing: type(of: error))
            return
        }
        let named: [(AsyncHTTPClient.HTTPClientError, String)] = [
            (.deadlineExceeded, "no answer in time"), (.readTimeout, "silent past the timeout"),
            (.connectTimeout, "could not connect in time"), (.remoteConnectionClosed, "closed the connection"),
        ]
        let match = named.first { $0.0 == client }
        timedOut = match != nil && client != .remoteConnectionClosed
        reason = match?.1 ?? "AsyncHTTPClient.HTTPClientError"
    }
}
