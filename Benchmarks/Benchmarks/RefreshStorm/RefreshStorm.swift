import Benchmark
import Foundation
import Logging
import Networking
import Synchronization

/// Quality bar 1, timed: 1,000 concurrent requests that all meet 401 `token_expired`, one shared refresh.
let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "1,000 concurrent 401s: one refresh, 1,000 replays",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .custom("refreshes", polarity: .prefersSmaller)],
            timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 50)
    ) { benchmark in
        let session = CountingSession()
        let logger = Logger(label: "storm") { _ in SwiftLogNoOpLogHandler() }
        let chain = AuthenticatingHTTPClient(
            decoratee: StatusCodeMappingHTTPClient(decoratee: ExpiringTransport(), logger: logger),
            coordinator: TokenRefreshCoordinator(session: session, logger: logger), logger: logger)
        let request = HTTPRequest(method: .get, url: URL(fileURLWithPath: "/v1/wallet"))

        benchmark.startMeasurement()
        let succeeded = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_000 {
                group.addTask { (try? await chain.send(request)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        benchmark.stopMeasurement()

        precondition(succeeded == 1_000, "every request must succeed after the refresh")
        benchmark.measurement(.custom("refreshes", polarity: .prefersSmaller), await session.refreshes)
    }
}

/// 401 `token_expired` for the old token, 200 for the new one.
struct ExpiringTransport: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        request.headers["Authorization"] == "Bearer new"
            ? HTTPResponse(status: 200, body: Data("{}".utf8))
            : HTTPResponse(status: 401, body: Data(#"{"error":"token_expired"}"#.utf8))
    }
}

/// Starts with an old token and counts its refreshes.
actor CountingSession: AuthenticationSession {
    private var token = AccessToken("old")
    private(set) var refreshes = 0

    func currentAccessToken() -> AccessToken? { token }

    func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal {
        refreshes += 1
        token = AccessToken("new")
        return .refreshed(token)
    }

    func endSession(refusing token: AccessToken) -> AccessToken? { nil }
}
