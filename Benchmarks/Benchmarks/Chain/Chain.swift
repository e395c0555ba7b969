import Benchmark
import Foundation
import Logging
import Networking

/// Quality bar 19: what the full decorator chain (deadline, retry, authentication, status mapping, logging)
/// adds per request over the bare in-memory transport.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, maxDuration: .seconds(3),
        maxIterations: 1_000_000)

    let transport = InMemoryTransport()
    let request = HTTPRequest(method: .get, url: URL(fileURLWithPath: "/v1/wallet"))

    Benchmark("bare in-memory transport, per request", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await transport.send(request))
        }
    }

    let chain = makeChain(over: transport)
    Benchmark("full chain over the in-memory transport, per request", configuration: .init(scalingFactor: .kilo)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await chain.send(request))
        }
    }
}

/// The app's chain, in the app's order, with the app's default logging level.
func makeChain(over transport: any HTTPClient) -> any HTTPClient {
    var logger = Logger(label: "benchmark") { label in StreamLogHandler.standardError(label: label) }
    logger.logLevel = .warning
    let mapped = StatusCodeMappingHTTPClient(
        decoratee: LoggingHTTPClient(decoratee: transport, logger: logger), logger: logger)
    let authenticated = AuthenticatingHTTPClient(
        decoratee: mapped, coordinator: TokenRefreshCoordinator(session: StaticSession(), logger: logger),
        logger: logger)
    return DeadlineHTTPClient(
        decoratee: RetryingHTTPClient(decoratee: authenticated, logger: logger), timeout: .seconds(10), logger: logger)
}

/// Answers 200 with a small body, at once.
struct InMemoryTransport: HTTPClient {
    let response = HTTPResponse(status: 200, body: Data(#"{"id":"w-1"}"#.utf8))

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse { response }
}

/// A session whose token never expires.
struct StaticSession: AuthenticationSession {
    func currentAccessToken() async -> AccessToken? { AccessToken("benchmark-token") }
    func refreshAccessToken() async throws(TokenRefreshError) -> AccessToken { AccessToken("benchmark-token") }
    func endSession() async {}
}
