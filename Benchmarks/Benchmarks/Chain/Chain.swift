import Benchmark
import Foundation
import Logging
import Networking
import SharedError

/// Quality bar 19: what the app's decorator chain adds per request over the bare in-memory transport, on the
/// happy paths and the error paths, built by `HTTPChain` as the composition root builds it, its journey recorded
/// into a collector as the CLI's runs record it.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, maxDuration: .seconds(3),
        maxIterations: 1_000_000)

    let wallet = HTTPRequest.getJSON(Backend.baseURL, "/v1/wallet")
    let cards = HTTPRequest.getJSON(Backend.baseURL, "/v1/payment-cards")

    let bare = ScriptedTransport(.answer(Backend.wallet))
    Benchmark("bare in-memory transport, 200", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? await bare.send(wallet))
        }
    }

    let paths: [(name: String, script: ScriptedTransport.Script, route: App.Route, request: HTTPRequest)] = [
        ("wallet chain (authenticated), 200", .answer(Backend.wallet), .wallet, wallet),
        ("cards chain (envelopeAware), 200 ok envelope", .answer(Backend.cards), .cards, cards),
        ("cards chain (envelopeAware), 200 error envelope", .answer(Backend.errorEnvelope), .cards, cards),
        ("wallet chain, 404 (mapped, not retried)", .answer(Backend.notFound), .wallet, wallet),
        ("wallet chain, 503 then 200 (one retry)", .unavailableThen(Backend.wallet), .wallet, wallet),
        ("wallet chain, 401 token_expired then 200 (one refresh)", .expiredTokenThen(Backend.wallet), .wallet, wallet),
    ]
    for path in paths {
        benchmark(path.name, app: App(transport: ScriptedTransport(path.script)), route: path.route, path.request)
    }

    // The same wallet request with the CLI's stderr handler alone, its journey handed to no collector, for
    // comparison: what recording the journey costs is the difference to the 200 above.
    benchmark(
        "wallet chain, 200, stderr handler only (no recorder)",
        app: App(transport: ScriptedTransport(.answer(Backend.wallet)), recording: false), route: .wallet, wallet)

    // The 200 again, 1,000 requests an iteration like the bare transport, so the harness's own cost per iteration
    // (starting and stopping the measurement) is spread over them and the two can be subtracted.
    for recording in [true, false] {
        let app = App(transport: ScriptedTransport(.answer(Backend.wallet)), recording: recording)
        let client = app.client(.wallet)
        let name = "wallet chain, 200, 1,000 an iteration" + (recording ? "" : ", no recorder")
        Benchmark(name, configuration: .init(scalingFactor: .kilo)) { benchmark in
            await app.inFlow {
                for _ in benchmark.scaledIterations {
                    blackHole(try? await client.send(wallet))
                }
            }
            benchmark.stopMeasurement()
            blackHole(app.collector.removeEntries(in: App.flow))
        }
    }
}

/// One request per iteration, so the percentiles are those of single requests; the journey it left is forgotten
/// outside the measurement, so memory does not grow.
func benchmark(_ name: String, app: App, route: App.Route, _ request: HTTPRequest) {
    let client = app.client(route)
    Benchmark(name) { benchmark in
        benchmark.startMeasurement()
        await app.inFlow {
            do {
                blackHole(try await client.send(request))
            } catch {
                blackHole(error)
            }
        }
        benchmark.stopMeasurement()
        blackHole(app.collector.removeEntries(in: App.flow))
    }
}

/// The app's chain as `ComposedApp` builds it: `HTTPChain` with the default settings, the logger of the CLI
/// (`Console.logger`: stderr at `warning`, without journey lines), every request in a flow whose journey goes to a
/// collector as a CLI run's does, the app's secrets; a clock whose backoff sleeps return at once, and a session that
/// refreshes at once.
struct App {
    enum Route {
        case wallet, cards
    }

    static let flow = JourneyFlowID("benchmark")

    let collector = JourneyCollector()
    let chain: HTTPChain
    private let recording: Bool

    /// - Parameter recording: `false` leaves out the journey's collector (not what the app does; for comparison).
    init(transport: any HTTPClient, recording: Bool = true) {
        let secrets = SecretValues()
        let session = RotatingSession(secrets: secrets)
        secrets.register("ada@example.com", as: .personal)
        self.recording = recording
        let logger = Logger(label: "errorflow") {
            RedactingLogHandler.standardError(label: $0, verbose: false, secrets: secrets)
        }
        var settings = HTTPChain.Settings()
        // A zero window empties the budget's list at every refresh: the budget never runs out, and its list stays
        // as short as in the app (the default allows 3 refreshes a minute).
        settings.refreshBudget = .init(maximumRefreshes: 3, window: .zero)
        chain = HTTPChain(
            transport: transport, settings: settings, clock: BackoffSkippingClock(), secrets: secrets, logger: logger
        ) { _ in session }
    }

    /// Runs `operation` in the benchmark's flow, its journey recorded into ``collector`` unless left out.
    func inFlow(_ operation: () async -> Void) async {
        await JourneyFlow.$current.withValue(Self.flow) {
            guard recording else { return await operation() }
            await JourneyFlow.recording(into: collector, operation)
        }
    }

    /// The wallet's client (`authenticated`) or the payment cards' (`envelopeAware`), as the repositories get them.
    func client(_ route: Route) -> any HTTPClient {
        switch route {
        case .wallet: chain.authenticated
        case .cards: chain.envelopeAware
        }
    }
}

/// What the in-memory backend answers.
enum Backend {
    static let baseURL: URL = {
        guard let url = URL(string: "https://api.errorflow.example") else { fatalError("not a URL") }
        return url
    }()

    static let wallet = HTTPResponse(
        status: 200,
        body: Data(#"{"id":"w-1","balance":{"amount":"1250.40","currency":"EUR"},"status":"active"}"#.utf8))
    static let cards = HTTPResponse(
        status: 200,
        body: Data(
            #"{"status":"ok","cards":[{"id":"c-1","brand":"visa","last4":"4242","expiryMonth":4,"expiryYear":2028,"holderName":"Ada Lovelace"}]}"#
                .utf8))
    static let errorEnvelope = HTTPResponse(
        status: 200, body: Data(#"{"status":"error","code":"SERVICE_DOWN","message":"try again later"}"#.utf8))
    static let notFound = HTTPResponse(
        status: 404, body: Data(#"{"error":"not_found","message":"no such wallet"}"#.utf8))
    static let unavailable = HTTPResponse(
        status: 503, body: Data(#"{"error":"unavailable","message":"try again later"}"#.utf8))
    static let expiredToken = HTTPResponse(
        status: 401, body: Data(#"{"error":"token_expired","message":"the access token expired"}"#.utf8))
}

/// An in-memory transport (no sockets) that answers by script.
final class ScriptedTransport: HTTPClient {
    enum Script {
        /// Always this response.
        case answer(HTTPResponse)
        /// 503 to every first attempt, then this response to its retry.
        case unavailableThen(HTTPResponse)
        /// A token is good for one request: the next request that brings it again gets 401 `token_expired`, and
        /// its replay with the refreshed token gets this response.
        case expiredTokenThen(HTTPResponse)
    }

    private let script: Script
    private let failNext = LockedState(true)
    private let spentToken = LockedState<String?>(nil)

    init(_ script: Script) {
        self.script = script
    }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        switch script {
        case .answer(let response):
            return response
        case .unavailableThen(let response):
            let fails = failNext.withLock { failNext in
                defer { failNext.toggle() }
                return failNext
            }
            return fails ? Backend.unavailable : response
        case .expiredTokenThen(let response):
            let token = request.headers[HeaderName.authorization]
            let spent = spentToken.withLock { spent in
                defer { spent = token }
                return spent == token
            }
            return spent ? Backend.expiredToken : response
        }
    }
}

/// A signed-in session whose refresh answers at once with a new token each time (the app's session would call
/// `POST /v1/auth/refresh` and store the tokens; that is not the chain's cost). Like the app's session, it hands out
/// the token it holds, without building one per call.
final class RotatingSession: AuthenticationSession {
    private let current = LockedState((generation: 0, token: RotatingSession.token(0)))

    init(secrets: SecretValues) {
        secrets.register(Self.token(0).value, as: .token)
        secrets.register("benchmark-refresh-token", as: .token)
    }

    func currentAccessToken() async -> AccessToken? {
        current.withLock { $0.token }
    }

    func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal {
        .refreshed(
            current.withLock { current in
                current.generation += 1
                current.token = Self.token(current.generation)
                return current.token
            })
    }

    func endSession(refusing token: AccessToken) async -> AccessToken? { nil }

    private static func token(_ generation: Int) -> AccessToken {
        AccessToken("benchmark-access-token-\(generation)")
    }
}

/// The real clock, except that sleeps up to the retry policy's longest wait (backoff and `Retry-After`) return at
/// once. Longer sleeps (the refresh waiter's timer to the call's 10-second deadline) are real, and are cancelled
/// as in the app when the refresh answers first.
struct BackoffSkippingClock: HTTPClock {
    private let system = SystemHTTPClock()
    private let skipped = RetryPolicy().maximumRetryAfter

    var now: HTTPInstant { system.now }
    var wallClockNow: Date { system.wallClockNow }

    func sleep(until deadline: HTTPInstant) async throws(CancellationError) {
        guard deadline - now > skipped else {
            if Task.isCancelled { throw CancellationError() }
            return
        }
        try await system.sleep(until: deadline)
    }
}
