import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
public import Networking

/// AsyncHTTPClient as a bare client uses it: one `execute`, the body collected whole, the status and body returned.
/// It keeps none of ``AsyncHTTPClientTransport``'s promises (no deadline for the body, no body limit beyond
/// 4 MiB, no response headers, failures named only by their kind): it is the floor that the load run's `--bare`
/// clients measure the transport and the decorator chain against (BENCHMARKS.md, the transports' throughput).
public struct BareAsyncHTTPClient: Networking.HTTPClient {
    let client: AsyncHTTPClient.HTTPClient

    /// Sends `request` (its method, URL and headers) once, allowing 30 s, and returns its status and body.
    public func send(_ request: HTTPRequest) async throws(Networking.HTTPClientError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        do {
            let response = try await client.execute(outgoing, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 4 * 1024 * 1024)
            return HTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch {
            let (kind, cause) = AsyncHTTPClientTransport.kind(of: error, limit: 4 * 1024 * 1024)
            throw Networking.HTTPClientError(kind: kind, context: HTTPErrorContext(request: request, underlying: cause))
        }
    }
}
