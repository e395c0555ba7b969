import Foundation
public import Logging
import SharedError

/// Refreshes an expired access token once for every request that is waiting for it (single flight).
///
/// - A request that got 401 `token_expired` with a token that was already replaced is handed the current token
///   without a new refresh.
/// - The refresh runs in its own task: a waiter that is cancelled leaves at once, and the refresh goes on for the
///   others.
/// - `invalid_grant` fails every waiter with the same session-expired outcome; the session itself decides whether
///   it is over (``AuthenticationSession/refreshAccessToken()``: another holder may have refreshed it).
/// - At most ``Budget/maximumRefreshes`` refreshes start per ``Budget/window``, so a server that answers 401 to
///   everything cannot make the app refresh in a loop.
/// - A token that expires within ``refreshAhead`` is refreshed before it is sent (``tokenToSend(deadline:)``), in
///   the same single flight, so it never costs a 401.
public actor TokenRefreshCoordinator {
    /// The refresh rate limit.
    public struct Budget: Sendable {
        /// How many refreshes may start within one ``window``.
        public var maximumRefreshes: Int
        /// The sliding time span the limit counts refreshes in.
        public var window: Duration

        /// Makes a budget: 3 refreshes per 60 seconds unless told otherwise.
        public init(maximumRefreshes: Int = 3, window: Duration = .seconds(60)) {
            self.maximumRefreshes = maximumRefreshes
            self.window = window
        }
    }

    /// Why no token could be had.
    public enum Failure: Error, Hashable, Sendable {
        /// The session is over: the backend refused the refresh, or there is none.
        case sessionExpired
        /// Too many refreshes started within the budget's window; none was started for this request.
        case budgetExhausted
        /// The refresh call failed for a transport or server reason; the session is kept.
        case unavailable(HTTPClientError.Kind)
        /// The waiting request was cancelled; the refresh goes on for the others.
        case cancelled
        /// The call's deadline came before the refresh finished; the refresh goes on for the others.
        case deadlinePassed
    }

    private let session: any AuthenticationSession
    private let clock: any HTTPClock
    private let budget: Budget
    /// How long before its expiry a token is refreshed instead of sent.
    public let refreshAhead: Duration
    private let journey: JourneyRecorder
    private let logger: Logger

    private var flight: Flight?
    /// The task of the latest refresh, until ``settle()`` has seen it end.
    private var refresh: Task<Void, Never>?
    private var nextID: UInt64 = 0
    private var refreshStarts: [HTTPInstant] = []
    /// How many refreshes were started, for tests and benchmarks.
    public private(set) var refreshCount = 0

    private struct Flight {
        let id: UInt64
        /// Whether a request answered 401 `token_expired` waits for it; a refresh ahead of expiry alone is no error
        /// and records no journey step when it succeeds.
        var answersExpiry: Bool
        var waiters: [UInt64: CheckedContinuation<Result<AccessToken, Failure>, Never>] = [:]
    }

    /// Makes a coordinator over `session`, with no refresh under way.
    public init(
        session: any AuthenticationSession, clock: any HTTPClock = SystemHTTPClock(), budget: Budget = Budget(),
        refreshAhead: Duration = .seconds(30), logger: Logger
    ) {
        self.session = session
        self.clock = clock
        self.budget = budget
        self.refreshAhead = refreshAhead
        self.logger = logger
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// The token to send with a new request, or `nil` when nobody is signed in. A token that expires within
    /// ``refreshAhead`` by the device's clock is refreshed first, in the single flight (waiting at most until
    /// `deadline`); when the refresh cannot be had now (its budget is spent, the backend did not answer), the current
    /// token the session holds then is sent as it is (none when it was signed out meanwhile), and a 401
    /// `token_expired` is still answered as always.
    public nonisolated func tokenToSend(deadline: HTTPInstant? = nil) async -> Result<AccessToken, Failure>? {
        // The token that is not about to expire (nearly every call's) is read without entering the actor.
        guard let (token, expiresAt) = await session.currentAccessTokenAndExpiry() else { return nil }
        guard let expiresAt, expiresAt < clock.wallClockNow.addingTimeInterval(refreshAhead.inSeconds) else {
            return .success(token)
        }
        return await refreshedAhead(of: token, until: deadline)
    }

    /// `token`, refreshed in the single flight before it expires; `token` itself when the budget allows no refresh.
    private func refreshedAhead(of token: AccessToken, until deadline: HTTPInstant?) async
        -> Result<AccessToken, Failure>?
    {
        if flight == nil {
            guard startFlightWithinBudget(answeringExpiry: false) else { return .success(token) }
        }
        switch await join(until: deadline) {
        case .success(let fresh): return .success(fresh)
        case .failure(.unavailable), .failure(.budgetExhausted):
            // Read again: the session may have been signed out, or refreshed by another holder, meanwhile.
            return await session.currentAccessToken().map { .success($0) }
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The backend said it does not know `token` (`invalid_token`): the token to replay with when the session has
    /// moved on since (a refresh in flight here, or newer tokens another holder stored), or `nil` once the session
    /// that still held `token` is ended. A late answer for a replaced token says nothing about the new one.
    public func tokenAfterRefusal(of token: AccessToken, deadline: HTTPInstant? = nil) async -> AccessToken? {
        if flight != nil, case .success(let renewed) = await join(until: deadline) { return renewed }
        if let current = await session.currentAccessToken(), current != token { return current }
        return await session.endSession(refusing: token)
    }

    /// A token to replay with, after a request sent with `staleToken` was answered 401 `token_expired`; waits for
    /// a refresh at most until `deadline`.
    public func renewedToken(
        replacing staleToken: AccessToken, deadline: HTTPInstant? = nil
    ) async -> Result<AccessToken, Failure> {
        if flight != nil { return await joinForExpiry(until: deadline) }
        guard let current = await session.currentAccessToken() else { return .failure(.sessionExpired) }
        if current != staleToken { return .success(current) }
        if flight != nil { return await joinForExpiry(until: deadline) }

        guard startFlightWithinBudget(answeringExpiry: true) else {
            journey.record(
                .mapped, from: "refresh budget of \(budget.maximumRefreshes) per \(budget.window) spent",
                to: "HTTPClientError.unauthorized", category: .recoverable, origin: .networking, level: .warning)
            return .failure(.budgetExhausted)
        }
        return await join(until: deadline)
    }

    /// Joins the refresh in flight on behalf of a request answered 401 `token_expired`.
    private func joinForExpiry(until deadline: HTTPInstant?) async -> Result<AccessToken, Failure> {
        flight?.answersExpiry = true
        return await join(until: deadline)
    }

    /// Starts a refresh and returns `true`, or returns `false` when the refresh budget of the window is spent.
    private func startFlightWithinBudget(answeringExpiry: Bool) -> Bool {
        let now = clock.now
        refreshStarts.removeAll { now - $0 >= budget.window }
        guard refreshStarts.count < budget.maximumRefreshes else { return false }
        refreshStarts.append(now)
        refreshCount += 1
        startFlight(answeringExpiry: answeringExpiry)
        return true
    }

    private func startFlight(answeringExpiry: Bool) {
        nextID += 1
        let id = nextID
        flight = Flight(id: id, answersExpiry: answeringExpiry)
        let session = self.session
        // Unstructured on purpose: cancelling the request that started the refresh must not cancel it for the rest.
        refresh = Task {
            let result: Result<TokenRenewal, TokenRefreshError>
            do throws(TokenRefreshError) {
                result = .success(try await session.refreshAccessToken())
            } catch {
                result = .failure(error)
            }
            await self.finish(flight: id, with: result)
        }
    }

    /// Returns once no refresh is running, so the session has its final tokens: for a run that is about to
    /// remove the session's folder or end the process after cancelling the requests that started a refresh.
    public func settle() async {
        while let running = refresh {
            await running.value
            if refresh == running { refresh = nil }
        }
    }

    private func finish(flight id: UInt64, with result: Result<TokenRenewal, TokenRefreshError>) async {
        let outcome: Result<AccessToken, Failure>
        switch result {
        case .success(let renewal):
            outcome = .success(renewal.token)
        case .failure(.invalidGrant), .failure(.noSession):
            outcome = .failure(.sessionExpired)
        case .failure(.unavailable(let kind)):
            outcome = .failure(.unavailable(kind))
        }
        guard let finished = flight, finished.id == id else { return }
        flight = nil
        record(result, waiting: finished.waiters.count, answeringExpiry: finished.answersExpiry)
        for continuation in finished.waiters.values {
            continuation.resume(returning: outcome)
        }
    }

    private func join(until deadline: HTTPInstant?) async -> Result<AccessToken, Failure> {
        nextID += 1
        let waiter = nextID
        // Only a waiter with a deadline pays for a timer, and only while a refresh is in flight.
        let timer = deadline.map { deadline in
            Task { [clock] in
                guard (try? await clock.sleep(until: deadline)) != nil else { return }
                self.release(waiter: waiter, with: .deadlinePassed)
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !Task.isCancelled, flight != nil else {
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                flight?.waiters[waiter] = continuation
            }
        } onCancel: {
            Task { await self.release(waiter: waiter, with: .cancelled) }
        }
    }

    private func release(waiter: UInt64, with failure: Failure) {
        flight?.waiters.removeValue(forKey: waiter)?.resume(returning: .failure(failure))
    }

    private func record(
        _ result: Result<TokenRenewal, TokenRefreshError>, waiting: Int, answeringExpiry: Bool
    ) {
        let cause = "HTTPClientError.unauthorized(token_expired)"
        let requests = "\(waiting) waiting request\(waiting == 1 ? "" : "s")"
        switch result {
        case .success where !answeringExpiry:
            logger.debug("access token refreshed ahead of its expiry, for \(requests)")
        case .success(.refreshed):
            journey.record(
                .recovered, from: cause, to: "access token refreshed once for \(requests)", category: .recoverable,
                origin: .networking)
        case .success(.adopted):
            journey.record(
                .recovered, from: cause, to: "took over the tokens another run had just refreshed, for \(requests)",
                category: .recoverable, origin: .networking)
        case .failure(.invalidGrant):
            journey.record(
                .mapped, from: "refresh answered invalid_grant", to: "HTTPClientError.sessionExpired",
                category: .unhandleable, origin: .backend, level: .warning)
        case .failure(.noSession):
            journey.record(
                .mapped, from: "no session to refresh (signed out)", to: "HTTPClientError.sessionExpired",
                category: .unhandleable, origin: .networking, level: .warning)
        case .failure(let failure):
            journey.record(
                .forwarded, from: "refresh failed (\(failure))", to: "session kept", category: .recoverable,
                origin: .backend, level: .warning)
        }
    }
}
