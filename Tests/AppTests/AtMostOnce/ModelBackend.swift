import Foundation
import Networking
import SharedError
import TestSupport

/// What the backend does with one `POST /v1/transfers` attempt, as a generated sequence scripts it. The backend
/// keeps the contract whatever the script says: a key whose transfer was made is answered with that transfer before
/// any final answer (`x-final-answers-for-key`).
enum TransferBehaviour: Hashable, Sendable, CustomStringConvertible {
    /// As the contract says: the transfer (new, or the original for a known key).
    case answer
    /// Makes it, then the connection drops before the answer.
    case madeThenLost
    /// Makes it, then answers 503 with `Retry-After: 0`.
    case madeThen503
    /// Makes it, and the answer never comes before the call's deadline.
    case madeThenHang
    /// A final answer for a key not made: 422, 402, 403, 404 `wallet_not_found` or 409 `idempotency_key_reused`.
    case final(Int, String)
    /// 404 without the contract's code, before acting.
    case unnamed404
    /// 409 `idempotency_key_in_use`.
    case inUse
    /// 401 `token_expired`.
    case tokenExpired
    /// 401 `invalid_token`.
    case invalidToken
    /// 503 with `Retry-After: 0`, before acting.
    case unavailable
    /// 429 with `Retry-After: 1`, before acting.
    case tooMany
    /// No connection.
    case refused
    /// No answer before the call's deadline; nothing made.
    case hang
    /// The request arrives, the process is killed (cancelled) before the backend acts.
    case killedBefore
    /// The backend makes it, and the process is killed before the answer arrives.
    case killedAfterMaking

    var description: String {
        switch self {
        case .answer: "answered"
        case .madeThenLost: "made, then the connection drops"
        case .madeThen503: "made, then 503"
        case .madeThenHang: "made, then no answer"
        case .final(let status, let code): "\(status) \(code)"
        case .unnamed404: "404 without a code"
        case .inUse: "409 idempotency_key_in_use"
        case .tokenExpired: "401 token_expired"
        case .invalidToken: "401 invalid_token"
        case .unavailable: "503"
        case .tooMany: "429"
        case .refused: "no connection"
        case .hang: "no answer"
        case .killedBefore: "killed before the backend acts"
        case .killedAfterMaking: "killed after the backend made it"
        }
    }

    /// The answers after which nobody knows whether the transfer was made, and no connection at all.
    static let leavingTheOutcomeUnknown: [TransferBehaviour] = [
        .madeThenLost, .madeThen503, .madeThenHang, .hang, .killedAfterMaking, .refused,
    ]

    static let all: [TransferBehaviour] = [
        .answer, .madeThenLost, .madeThen503, .madeThenHang, .final(422, "validation_failed"),
        .final(402, "insufficient_funds"), .final(403, "wallet_banned"), .final(404, "wallet_not_found"),
        .final(409, "idempotency_key_reused"), .unnamed404, .inUse, .tokenExpired, .invalidToken, .unavailable,
        .tooMany, .refused, .hang, .killedBefore, .killedAfterMaking,
    ]
}

/// What the backend's report endpoints (`/v1/error-reports`, `/v1/client-reports`) do for a whole step.
/// How the backend answers one `GET /v1/wallet`.
enum WalletBehaviour: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The user's wallet.
    case answer
    /// No connection.
    case offline
    /// No answer within the call's deadline.
    case timedOut
    /// Another process signs out while the call is on its way; then the wallet comes.
    case signOutMeanwhile

    var description: String {
        switch self {
        case .answer: "wallet answered"
        case .offline: "wallet: no connection"
        case .timedOut: "wallet: no answer in time"
        case .signOutMeanwhile: "signed out while the wallet is on its way"
        }
    }

    /// The balance the backend sends `user` (`EUR 11.00` for user 1): each user's own, so a screen shows whose.
    static func balance(of user: Int) -> String { "\(user * 11).00" }
}

enum ReportBehaviour: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// They accept the connection and never answer, whatever the call's deadline: only the run's budget for reports
    /// lets it go.
    case hang
    /// 429 with a `Retry-After` of a hundred years.
    case waitACentury

    var description: String {
        switch self {
        case .hang: "the report endpoints never answer"
        case .waitACentury: "the report endpoints ask to wait a century"
        }
    }
}

/// What the backend does with one `POST /v1/auth/refresh`.
enum RefreshBehaviour: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// New tokens for a refresh token it knows.
    case answer
    /// 401 `invalid_grant`: the session is over.
    case refuse
    /// Rotates the tokens, then the connection drops.
    case lost
    /// The user signs out (`session clear` in another process) while the refresh is on its way, then the backend
    /// answers with new tokens.
    case signOutMeanwhile

    var description: String {
        switch self {
        case .answer: "refresh answered"
        case .refuse: "refresh refused"
        case .lost: "refresh made, then the connection drops"
        case .signOutMeanwhile: "signed out while the refresh is on its way"
        }
    }
}

/// A backend that keeps the contract for transfers, sign-in tokens and reports, in this process: the transport of
/// the apps a sequence runs, so that holds and hangs cost no real time (its sleeps are on the sequence's virtual
/// clock). It records every transfer it made, by key, which is what "at most once" is counted on.
final class ModelBackend: HTTPClient {
    struct Made: Hashable, Sendable {
        var key: String
        var body: String
        var id: String
        /// The user whose token the request carried.
        var user: Int
    }

    private struct State {
        var transfers: [String: Made] = [:]
        var madeInOrder: [Made] = []
        /// Keys answered with a final refusal: the same answer from then on, as the contract says.
        var refused: [String: (status: Int, code: String)] = [:]
        var access: [String: Int] = [:]
        var refresh: [String: Int] = [:]
        var issued = 0
        var transferScript: [TransferBehaviour] = []
        var walletScript: [WalletBehaviour] = []
        var refreshScript: [RefreshBehaviour] = []
        var reports: ReportBehaviour?
        var transferRequests = 0
        var errorReports = 0
        /// Keys the backend forgot (their lifetime passed), and whether one came back.
        var forgotten: Set<String> = []
        var forgottenKeyCameBack: String?
        /// Counts of unsent reports a report carried outside the contract's bound, if any.
        var countOutOfBounds: String?
    }

    private let state = LockedState(State())
    private let clock: VirtualClock
    /// Cancels the process whose request is being answered (a kill); set by the sequence for each action.
    let kill = LockedState<(@Sendable () -> Void)?>(nil)
    /// Signs the user out, as `session clear` in another process would.
    let signOut = LockedState<(@Sendable () async -> Void)?>(nil)
    /// Whether a refresh signed the user out meanwhile since the flag was last cleared.
    let signOutRan = LockedState(false)

    init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Every transfer made, in the order it was made (forgotten keys included).
    var made: [Made] { state.withLock { $0.madeInOrder } }
    /// How many `POST /v1/transfers` arrived.
    var transferRequests: Int { state.withLock { $0.transferRequests } }
    /// Counts of unsent reports outside the contract's bound that a report carried, if any.
    var countOutOfBounds: String? { state.withLock { $0.countOutOfBounds } }
    /// A key that arrived again after the backend forgot it, if any: sent again past its lifetime.
    var forgottenKeyCameBack: String? { state.withLock { $0.forgottenKeyCameBack } }

    /// Forgets every key (a day passed; the contract keeps them 24 hours): a key sent again now would make its
    /// transfer anew.
    func forgetKeys() {
        state.withLock { state in
            state.forgotten.formUnion(state.transfers.keys)
            state.forgotten.formUnion(state.refused.keys)
            state.transfers.removeAll()
            state.refused.removeAll()
        }
    }

    /// The next attempts' behaviours; after the last, every attempt is answered as the contract says.
    func script(
        transfers: [TransferBehaviour], refreshes: [RefreshBehaviour], reports: ReportBehaviour?,
        wallet: [WalletBehaviour] = []
    ) {
        state.withLock {
            $0.walletScript = wallet
            $0.transferScript = transfers
            $0.refreshScript = refreshes
            $0.reports = reports
        }
    }

    /// Tokens for a new sign-in of `user`.
    func signIn(user: Int) -> (access: String, refresh: String) {
        state.withLock { issue(&$0, user: user) }
    }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        // One server under every name: a base path of `/api` reaches the same routes.
        let path = request.path.hasPrefix("/api/") ? String(request.path.dropFirst(4)) : request.path
        switch (request.method, path) {
        case (.post, "/v1/auth/refresh"):
            return try await refresh(request)
        case (.post, "/v1/error-reports"), (.post, "/v1/client-reports"):
            switch state.withLock({ $0.reports }) {
            case .hang?:
                await blackHole()
                throw HTTPClientError(kind: .cancelled, context: .init(request: request))
            case .waitACentury?:
                return .contractError(429, "slow_down", headers: ["Retry-After": "3155760000"])
            case nil:
                let unsent =
                    ((try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any])?["unsent"]
                    as? [String: Any] ?? [:]
                let counts = unsent.values.compactMap { ($0 as? NSNumber)?.doubleValue }
                state.withLock { state in
                    state.errorReports += 1
                    // The contract's bound on a count of unsent reports: 0 to 2,147,483,647.
                    if counts.contains(where: { !(0...2_147_483_647).contains($0) }) {
                        state.countOutOfBounds = "\(unsent)"
                    }
                }
                return .json(202, "{}")
            }
        case (.post, "/v1/auth/apple"):
            // Tokens, and no `user`, which `SignInTokens` requires: a sign-in the app must refuse.
            return .json(200, #"{"accessToken":"no-user-access","refreshToken":"no-user-refresh","expiresIn":600}"#)
        case (.post, "/v1/transfers"):
            return try await transfer(request)
        case (.get, "/v1/wallet"):
            return try await wallet(request)
        default:
            return .contractError(404, "not_found")
        }
    }

    private func refresh(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let token = (try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])?[
            "refreshToken"]
        let behaviour = state.withLock { $0.refreshScript.isEmpty ? .answer : $0.refreshScript.removeFirst() }
        if behaviour == .signOutMeanwhile, let signOut = signOut.withLock({ $0 }) {
            await signOut()
            signOutRan.withLock { $0 = true }
        }
        let tokens: (access: String, refresh: String)? = state.withLock { state in
            guard behaviour != .refuse, let token, let user = state.refresh.removeValue(forKey: token) else {
                return nil
            }
            return issue(&state, user: user)
        }
        guard let tokens else { return .contractError(401, "invalid_grant") }
        if behaviour == .lost { throw HTTPClientError(kind: .connectionLost, context: .init(request: request)) }
        return .json(200, #"{"accessToken":"\#(tokens.access)","refreshToken":"\#(tokens.refresh)","expiresIn":600}"#)
    }

    private func wallet(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let behaviour = state.withLock { $0.walletScript.isEmpty ? .answer : $0.walletScript.removeFirst() }
        switch behaviour {
        case .offline: throw HTTPClientError(kind: .offline, context: .init(request: request))
        case .timedOut: throw HTTPClientError(kind: .timedOut, context: .init(request: request))
        case .signOutMeanwhile:
            if let signOut = signOut.withLock({ $0 }) {
                await signOut()
                signOutRan.withLock { $0 = true }
            }
        case .answer: break
        }
        let bearer = request.headers[HeaderName.authorization]?.replacingOccurrences(of: "Bearer ", with: "") ?? ""
        guard let user = state.withLock({ $0.access[bearer] }) else { return .contractError(401, "invalid_token") }
        return .json(
            200,
            #"{"id":"w-\#(user)","balance":{"amount":"\#(WalletBehaviour.balance(of: user))","currency":"EUR"},"status":"active"}"#
        )
    }

    private func transfer(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let behaviour = state.withLock { state -> TransferBehaviour in
            state.transferRequests += 1
            return state.transferScript.isEmpty ? .answer : state.transferScript.removeFirst()
        }
        if behaviour == .refused { throw HTTPClientError(kind: .offline, context: .init(request: request)) }
        let bearer = request.headers[HeaderName.authorization]?.replacingOccurrences(of: "Bearer ", with: "") ?? ""
        guard let user = state.withLock({ $0.access[bearer] }) else { return .contractError(401, "invalid_token") }
        let key = request.headers[HeaderName.idempotencyKey] ?? ""
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        switch behaviour {
        case .hang: return try await hang(request)
        case .tokenExpired: return .contractError(401, "token_expired")
        case .invalidToken: return .contractError(401, "invalid_token")
        case .unnamed404: return .json(404, #"{"message":"no such route"}"#)
        case .unavailable: return .contractError(503, "maintenance", headers: ["Retry-After": "0"])
        case .tooMany: return .contractError(429, "slow_down", headers: ["Retry-After": "1"])
        case .inUse: return .contractError(409, "idempotency_key_in_use")
        case .killedBefore: throw killed(request)
        default: break
        }
        // The key before anything else, in one step with making it: a key whose transfer was made answers that
        // transfer; a key refused once gets the same refusal.
        enum Decision {
            case answered(HTTPResponse)
            case made(Made)
        }
        let decision = state.withLock { state -> Decision in
            if state.forgotten.contains(key) { state.forgottenKeyCameBack = key }
            if let made = state.transfers[key] {
                return .answered(
                    made.body == body ? .json(201, Self.receipt(made)) : .contractError(409, "idempotency_key_reused"))
            }
            if let refusal = state.refused[key] { return .answered(.contractError(refusal.status, refusal.code)) }
            if case .final(let status, let code) = behaviour {
                state.refused[key] = (status, code)
                return .answered(.contractError(status, code))
            }
            let made = Made(key: key, body: body, id: "t-\(state.madeInOrder.count + 1)", user: user)
            state.transfers[key] = made
            state.madeInOrder.append(made)
            return .made(made)
        }
        guard case .made(let transfer) = decision else {
            if case .answered(let response) = decision { return response }
            return .json(500, "{}")
        }
        switch behaviour {
        case .madeThenLost: throw HTTPClientError(kind: .connectionLost, context: .init(request: request))
        case .madeThen503: return .contractError(503, "maintenance", headers: ["Retry-After": "0"])
        case .madeThenHang: return try await hang(request)
        case .killedAfterMaking: throw killed(request)
        default: return .json(201, Self.receipt(transfer))
        }
    }

    private let holes = LockedState<[UInt64: CheckedContinuation<Void, Never>]>([:])
    private let nextHole = LockedState<UInt64>(0)

    /// Never returns until the task is cancelled or ``releaseBlackHoles()`` is called.
    private func blackHole() async {
        let id = nextHole.withLock { id -> UInt64 in
            id += 1
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = Task.isCancelled
                if !cancelled { holes.withLock { $0[id] = continuation } }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            holes.withLock { $0.removeValue(forKey: id) }?.resume()
        }
    }

    /// Lets every request held by a black hole go (when its sequence is over).
    func releaseBlackHoles() {
        for hole in holes.withLock({ holes in
            defer { holes.removeAll() }
            return Array(holes.values)
        }) {
            hole.resume()
        }
    }

    /// Waits on the virtual clock until the call's deadline, then fails as the transport's watchdog would.
    private func hang(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        if let deadline = request.deadline { try? await clock.sleep(until: deadline) }
        throw HTTPClientError(kind: .timedOut, context: .init(request: request))
    }

    /// Cancels the process that sent `request` and fails the call as its cancelled transport would.
    private func killed(_ request: HTTPRequest) -> HTTPClientError {
        kill.withLock { $0 }?()
        return HTTPClientError(kind: .cancelled, context: .init(request: request))
    }

    private func issue(_ state: inout State, user: Int) -> (access: String, refresh: String) {
        state.issued += 1
        let tokens = ("at-\(state.issued)", "rt-\(state.issued)")
        state.access[tokens.0] = user
        state.refresh[tokens.1] = user
        return tokens
    }

    private static func receipt(_ made: Made) -> String {
        let form = (try? JSONSerialization.jsonObject(with: Data(made.body.utf8)) as? [String: String]) ?? [:]
        return
            #"{"id":"\#(made.id)","status":"completed","amount":"\#(form["amount"] ?? "")","currency":"\#(form["currency"] ?? "")","toAccount":"\#(form["toAccount"] ?? "")","createdAt":"2026-11-26T10:00:00Z"}"#
    }
}
