import AuthFeature
import Composition
import Foundation
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// The defaults the app is composed with, held by what the composed app does: an ``AppConfiguration`` made as the
/// CLI makes one, with every knob left at its default (the chain's settings, the process's registry of retry budgets)
/// and only the clock, the randomness and the backend replaced, so that a wait costs no real time and every backoff
/// is its ceiling. Each backend is a host of its own, so each test gets its own budget from the process's registry.
///
/// Not held here: the body size limit (4 MiB) is the transport's, which the CLI composes (`ComposedDefaultsCLITests`);
/// `RetryPolicy.maximumDelay` (2 s) is never reached with 3 attempts (the ceilings are 0.1 s and 0.2 s), so no
/// behaviour of the composed app depends on it beyond those two.
@MainActor
@Suite("The composed app's defaults, by what it does", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ComposedDefaultsTests {
    // MARK: - The retry policy

    @Test func aFailingReadIsSentThreeTimesAfterBackoffsOfAtMost100And200Milliseconds() async {
        let world = World { _, _ in .contractError(503, "service_unavailable") }

        await world.loadWallet()

        #expect(world.walletRequestTimes == [.zero, .milliseconds(100), .milliseconds(300)])
    }

    @Test func aRetryAfterOf5SecondsIsWaitedFor() async {
        let world = World { _, _ in .contractError(503, "service_unavailable", headers: ["Retry-After": "5"]) }

        await world.loadWallet()

        #expect(world.walletRequestTimes == [.zero, .seconds(5)], "the third would start at the 10 s deadline")
    }

    @Test func aRetryAfterOf1SecondIsWaitedFor() async {
        let world = World { _, _ in .contractError(503, "service_unavailable", headers: ["Retry-After": "1"]) }

        await world.loadWallet()

        #expect(world.walletRequestTimes == [.zero, .seconds(1), .seconds(2)])
    }

    @Test func aRetryAfterOf6SecondsIsNotWaitedForAndTheJourneySaysSo() async {
        let world = World { _, _ in .contractError(503, "service_unavailable", headers: ["Retry-After": "6"]) }

        await world.loadWallet()

        #expect(world.walletRequestTimes == [.zero])
        #expect(
            world.journey.contains {
                $0.hasSuffix("HTTPClientError.server(503), not retried: Retry-After 6 s is above the maximum of 5.00 s")
            }, "\(world.journey)")
        #expect(world.app.router.presentedError != nil, "the wallet's own error is shown")
    }

    // MARK: - The deadline of a call

    /// The first answer took 4.999 s and asked for 5 s more: 9.999 s is within the call's 10 s.
    @Test func aWaitThatEndsJustBeforeTenSecondsIsMade() async {
        let world = World { _, _ in
            .contractError(503, "service_unavailable", headers: ["Retry-After": "5"])
        } before: { clock, index in
            if index == 0 { clock.advance(by: .milliseconds(4_999)) }
        }

        await world.loadWallet()

        #expect(world.walletRequestTimes.count == 2)
    }

    /// The first answer took 5 s and asked for 5 s more: the wait would end at the deadline, so it is not made.
    @Test func aWaitThatWouldEndAtTenSecondsIsNotMade() async {
        let world = World { _, _ in
            .contractError(503, "service_unavailable", headers: ["Retry-After": "5"])
        } before: { clock, index in
            if index == 0 { clock.advance(by: .seconds(5)) }
        }

        await world.loadWallet()

        #expect(world.walletRequestTimes == [.zero])
        #expect(world.journey.contains { $0.hasSuffix("not retried: waiting 5.00 s would pass the deadline") })
    }

    // MARK: - The retry budget

    /// 500 to start with, 5 a retry after a 5xx: 50 calls get their two retries, and none after them does.
    @Test func aBackendThatFailsEverythingGetsOneHundredRetriesInAll() async {
        let world = World { _, _ in .contractError(503, "service_unavailable") }

        for _ in 0..<60 { await world.loadWallet() }

        #expect(world.walletRequestTimes.count == 160, "60 calls and 100 retries")
        #expect(world.journey.contains { $0.hasSuffix("not retried: retry budget spent (0 of 500 left)") })
    }

    /// 10 a retry after a lost connection: 50 retries in all.
    @Test func aBackendThatDropsEveryConnectionGetsFiftyRetriesInAll() async {
        let world = World { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .connectionLost, context: HTTPErrorContext(request: request))
        }

        for _ in 0..<40 { await world.loadWallet() }

        #expect(world.walletRequestTimes.count == 90, "40 calls and 50 retries")
    }

    /// A call answered on its first attempt puts 1 back: five of them pay for exactly one more retry.
    @Test func fiveCallsAnsweredAtOncePayForOneRetry() async {
        let failing = LockedState(true)
        let world = World { _, _ in
            failing.withLock { $0 } ? .contractError(503, "service_unavailable") : .json(200, Self.wallet)
        }
        for _ in 0..<50 { await world.loadWallet() }
        #expect(world.walletRequestTimes.count == 150, "the budget is spent")

        failing.withLock { $0 = false }
        for _ in 0..<5 { await world.loadWallet() }
        failing.withLock { $0 = true }
        await world.loadWallet()
        await world.loadWallet()

        #expect(world.walletRequestTimes.count == 158, "150 + 5 answered + a call with its one retry + a call alone")
    }

    /// A call answered by its retry gets the retry's price back, so a backend that fails every first attempt never
    /// spends the budget.
    @Test func retriesThatAreAnsweredCostNothingInTheEnd() async {
        let world = World { _, index in
            index % 2 == 0 ? .contractError(503, "service_unavailable") : .json(200, Self.wallet)
        }

        for _ in 0..<120 { await world.loadWallet() }

        #expect(world.walletRequestTimes.count == 240)
        #expect(world.app.router.presentedError == nil, "every call was answered")
    }

    // MARK: - The refresh budget, and refreshing ahead of expiry

    /// Every call is answered 401 `token_expired`, whatever the token: 3 refreshes start per 60 s, no more.
    @Test func atMostThreeRefreshesStartInSixtySeconds() async {
        let world = World { request, _ in
            request.path == "/v1/auth/refresh" ? Self.refreshed(request) : .contractError(401, "token_expired")
        }

        for _ in 0..<4 { await world.loadWallet() }
        let withinTheWindow = world.refreshRequests
        world.clock.advance(by: .milliseconds(59_999))
        await world.loadWallet()
        let justBeforeItEnds = world.refreshRequests
        world.clock.advance(by: .milliseconds(1))
        await world.loadWallet()

        #expect(withinTheWindow == 3)
        #expect(justBeforeItEnds == 3)
        #expect(world.refreshRequests == 4)
    }

    @Test(arguments: [(29.5, true), (30.5, false)])
    func aTokenExpiringWithinThirtySecondsIsRefreshedBeforeTheCall(_ secondsLeft: Double, _ refreshed: Bool) async {
        let clock = VirtualClock(autoAdvanceLimit: .seconds(9))
        let world = World(clock: clock, expiresAt: clock.wallClockNow.addingTimeInterval(secondsLeft)) { request, _ in
            request.path == "/v1/auth/refresh" ? Self.refreshed(request) : .json(200, Self.wallet)
        }

        await world.loadWallet()

        #expect(world.refreshRequests == (refreshed ? 1 : 0))
        #expect(world.walletRequestTimes.count == 1)
    }

    // MARK: - Helpers

    nonisolated static let wallet = #"{"id":"w-1","balance":{"amount":12.5,"currency":"EUR"},"status":"active"}"#

    nonisolated static func refreshed(_ request: HTTPRequest) -> HTTPResponse {
        let serial = UUID().uuidString
        return .json(200, #"{"accessToken":"access-\#(serial)","refreshToken":"refresh-\#(serial)","expiresIn":900}"#)
    }
}

/// The app composed from a default ``AppConfiguration`` over a scripted backend of its own.
@MainActor
private final class World {
    let app: ComposedApp
    let clock: VirtualClock
    private let spy: HTTPClientSpy
    private let probe = JourneyProbe()
    private let times = LockedState<[Duration]>([])
    private let baseURL: URL

    /// - Parameters:
    ///   - clock: by default every wait shorter than 9 s passes at once; the 10 s deadline does not.
    ///   - expiresAt: when the stored session's access token (`old`) expires; `nil`: the backend did not say.
    ///   - before: runs before `script` for each request to the wallet, with its index among them.
    init(
        clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(9)), expiresAt: Date? = nil,
        script: @escaping HTTPClientSpy.Script,
        before: @escaping @Sendable (VirtualClock, Int) -> Void = { _, _ in }
    ) {
        let baseURL = URL(string: "http://defaults-\(UUID().uuidString.lowercased()).test.invalid")
        self.baseURL = baseURL ?? TestApp.baseURL
        self.clock = clock
        let times = times
        let wallets = Counter()
        spy = HTTPClientSpy { request, index throws(HTTPClientError) in
            switch request.path {
            case "/v1/client-reports", "/v1/error-reports":
                return .json(202, "{}")
            case "/v1/wallet":
                times.withLock { $0.append(clock.now.sinceOrigin) }
                before(clock, wallets.increment() - 1)
                return try await script(request, index)
            default:
                return try await script(request, index)
            }
        }
        let logger = probe.logger
        var configuration = AppConfiguration(
            baseURL: self.baseURL,
            sessionStore: InMemorySessionStore(
                StoredSession(
                    accessToken: "old", refreshToken: "refresh-old", expiresAt: expiresAt, userID: "u-1",
                    userName: "Ada", origin: BackendOrigin(self.baseURL))),
            environment: .dev, applePay: PassKitApplePayService(device: .ready, logger: logger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(.approve), logger: logger), appVersion: "test",
            secrets: SecretValues(), logger: logger, transport: spy)
        configuration.clock = clock
        configuration.random = FixedRandomSource(1)
        app = ComposedApp(configuration)
    }

    convenience init(
        script: @escaping HTTPClientSpy.Script, before: @escaping @Sendable (VirtualClock, Int) -> Void = { _, _ in }
    ) {
        self.init(clock: VirtualClock(autoAdvanceLimit: .seconds(9)), script: script, before: before)
    }

    func loadWallet() async {
        await app.walletPage().load()
    }

    /// When each request for the wallet went out, on the virtual clock.
    var walletRequestTimes: [Duration] { times.withLock { $0 } }

    var refreshRequests: Int { spy.requests.filter { $0.path == "/v1/auth/refresh" }.count }

    /// The journey as `layer action from → to`, one string per step.
    var journey: [String] {
        probe.events().map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from) → \($0.to ?? "nil")" }
    }
}
