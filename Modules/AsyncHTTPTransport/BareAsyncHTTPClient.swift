import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
public import Networking

/// AsyncHTTPClient as a bare client uses it: one `execute` with the library's own `ResponseAccumulator`, the status
/// and body returned. It makes the same call as ``AsyncHTTPClientTransport`` (the delegate API, on the caller's loop)
/// and keeps none of its promises beyond the library's (a 30 s deadline, a 4 MiB body; no response headers, failures
/// named only by their kind): it is the floor that the load run's `--bare` clients measure the transport and the
/// decorator chain against (BENCHMARKS.md, the transports' throughput).
public struct BareAsyncHTTPClient: Networking.HTTPClient {
    let client: AsyncHTTPClient.HTTPClient

    /// Sends `request` (its method, URL and headers) once, allowing 30 s, and returns its status and body.
    public func send(_ request: HTTPRequest) async throws(Networking.HTTPClientError) -> HTTPResponse {
        do {
            var headers = NIOHTTP1.HTTPHeaders()
            for (name, value) in request.headers {
                headers.add(name: name, value: value)
            }
            let outgoing = try AsyncHTTPClient.HTTPClient.Request(
                url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), headers: headers)
            let response = try await client.execute(
                request: outgoing, delegate: ResponseAccumulator(request: outgoing, maxBodySize: 4 * 1024 * 1024),
                eventLoop: .delegate(on: client.eventLoopGroup.any()), deadline: .now() + .seconds(30), logger: nil
            ).futureResult.get()
            return HTTPResponse(
                status: Int(response.status.code), body: response.body.map { Data($0.readableBytesView) } ?? Data())
        } catch {
            let (kind, cause) = AsyncHTTPClientTransport.kind(of: error, limit: 4 * 1024 * 1024)
            throw Networking.HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
        }
    }
}
