import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
public import Networking

/// AsyncHTTPClient as a bare client uses it: one call, the body collected whole, the status and body returned. It
/// keeps none of ``AsyncHTTPClientTransport``'s promises beyond the library's (a 30 s deadline, a 4 MiB body; no
/// response headers, failures named only by their kind): it is the floor that the load run's `--bare` clients
/// measure the transport and the decorator chain against (BENCHMARKS.md, the transports' throughput).
public struct BareAsyncHTTPClient: Networking.HTTPClient {
    /// Which of AsyncHTTPClient's two APIs makes the call.
    public enum API: String, CaseIterable, Sendable {
        /// `execute(_:timeout:)` and `collect(upTo:)`: the async API, which the library's documentation leads with.
        case async
        /// `execute(request:delegate:eventLoop:deadline:)` with the library's `ResponseAccumulator`, on the caller's
        /// loop: the call ``AsyncHTTPClientTransport`` makes.
        case delegate
    }

    let client: AsyncHTTPClient.HTTPClient
    let api: API

    /// Sends `request` (its method, URL and headers) once, allowing 30 s, and returns its status and body.
    public func send(_ request: HTTPRequest) async throws(Networking.HTTPClientError) -> HTTPResponse {
        let limit = 4 * 1024 * 1024
        do {
            switch api {
            case .async:
                var outgoing = HTTPClientRequest(url: request.url.absoluteString)
                outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
                outgoing.headers = AsyncHTTPClientTransport.headers(of: request)
                let response = try await client.execute(outgoing, timeout: .seconds(30))
                let body = try await response.body.collect(upTo: limit)
                return HTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
            case .delegate:
                let outgoing = try AsyncHTTPClient.HTTPClient.Request(
                    url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                    headers: AsyncHTTPClientTransport.headers(of: request))
                let response = try await client.execute(
                    request: outgoing, delegate: ResponseAccumulator(request: outgoing, maxBodySize: limit),
                    eventLoop: .delegate(on: client.eventLoopGroup.any()), deadline: .now() + .seconds(30), logger: nil
                ).futureResult.get()
                return HTTPResponse(
                    status: Int(response.status.code), body: response.body.map { Data($0.readableBytesView) } ?? Data())
            }
        } catch {
            let (kind, cause) = AsyncHTTPClientTransport.kind(of: error, limit: limit)
            throw Networking.HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
        }
    }
}
