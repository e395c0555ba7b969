public import Foundation
public import LoopbackHosting
import SharedError
public import Testing

/// A backend that keeps the contract and is NOT the embedded demo: its own random tokens, its own user, its own
/// bodies, over real HTTP on 127.0.0.1. For end-to-end tests of `--base-url`: whatever works against it works
/// against any backend that keeps the contract, and it remembers every token it issued and every one it saw.
public final class ContractBackend: Sendable {
    /// Who this backend says the user is: random, so no demo fixture can pass for it.
    public struct User: Sendable {
        /// The user's id, random per backend.
        public let id: String
        /// The user's name, random per backend.
        public let name: String
        /// The user's email, random per backend; a test checks it never leaks.
        public let email: String
    }

    /// The user this backend signs in.
    public let user: User
    private let server: LoopbackServer
    private let state: State
    private let hooks: Hooks

    /// Where the backend listens: `http://<address>:<port>`.
    public var baseURL: URL { server.baseURL }
    /// Every request received, in order.
    public var requests: [RecordedRequest] { server.requests }

    private init(user: User, server: LoopbackServer, state: State, hooks: Hooks) {
        self.user = user
        self.server = server
        self.state = state
        self.hooks = hooks
    }

    /// Starts the backend on `address`, its user and tokens drawn from `seed`; `POST /v1/client-reports` answers 202
    /// until ``answerReports(with:)`` says otherwise. With a `pathPrefix` (`/api`), it serves the contract under it,
    /// and nothing elsewhere. Throws when no port can be bound.
    public static func start(
        seed: UInt64 = UInt64.random(in: 1...UInt64.max), address: String = "127.0.0.1", pathPrefix: String = ""
    ) async throws -> ContractBackend {
        var random = SplitMix64(seed: seed)
        let user = User(
            id: "own-\(random.next() % 100_000)", name: "Grace \(random.next() % 1_000)",
            email: "grace.\(random.next() % 100_000)@own-backend.test")
        let state = State(random: random, user: user)
        let hooks = Hooks()
        let server = try await LoopbackServer.start(address: address) { received in
            var request = received
            if !pathPrefix.isEmpty {
                guard request.path.hasPrefix(pathPrefix + "/") else {
                    return .json(404, #"{"error":"not_found","message":"not under \#(pathPrefix)"}"#)
                }
                request.path = String(request.path.dropFirst(pathPrefix.count))
            }
            await hooks.before(request)
            let response = await state.answer(request)
            await hooks.after(request, response)
            return response
        }
        return ContractBackend(user: user, server: server, state: state, hooks: hooks)
    }

    /// Runs `hook` for every request before it is answered (the answer is decided after it returns): a test holds
    /// a request here until another process has done something.
    public func beforeAnswering(_ hook: @escaping @Sendable (RecordedRequest) async -> Void) {
        hooks.setBefore(hook)
    }

    /// Runs `hook` for every request after its answer is decided and before it is sent: the backend has acted (a
    /// refresh token is spent, a transfer made), and the client does not know yet.
    public func afterAnswering(_ hook: @escaping @Sendable (RecordedRequest, ScriptedResponse) async -> Void) {
        hooks.setAfter(hook)
    }

    /// From now on every string in every JSON answer (tokens aside, which the client must send back) ends with
    /// ``plantedControls``: escape sequences, a bell, C1 controls, an OSC 52 clipboard write.
    public func plantControlsInEveryString() async { await state.setPlantsControls() }

    /// What ``plantControlsInEveryString()`` appends: ESC [2J (clear the screen), BEL, CSI as one C1 byte, OSC 52
    /// (write the clipboard), a carriage return and a backspace.
    public static let plantedControls = "\u{1B}[2J\u{07}\u{9B}31m\u{1B}]52;c;cGF3bmVk\u{07}\u{0D}\u{08}\u{85}"

    /// How many refreshes were asked for, refused ones included.
    public var refreshRequests: Int { server.requests.filter { $0.path == "/v1/auth/refresh" }.count }

    /// Forgets every access token issued so far: the next authenticated call gets 401 `invalid_token`.
    public func revokeAccessTokens() async { await state.revokeAll() }

    /// Ends every session: access and refresh tokens are forgotten, so a refresh gets 401 `invalid_grant`.
    public func endSessions() async { await state.endAll() }

    /// From now on a refresh also revokes the access tokens issued before it, as backends that rotate tokens do: a
    /// late request with an old token gets 401 `invalid_token`.
    public func revokeOldAccessTokensOnRefresh() async { await state.setRevokesOnRefresh() }

    /// From now on, answers sign-in without `user`, which `SignInTokens` requires.
    public func answerSignInWithoutUser() async { await state.setNamesNoUser() }

    /// Every access and refresh token this backend issued.
    public var issuedTokens: Set<String> { get async { await state.issued } }
    /// Every bearer token a request carried.
    public var presentedTokens: [String] { get async { await state.presented } }
    /// The client reports received, as `endpoint keyPath kind`, one string per entry, with the report's
    /// `Idempotency-Key`.
    public var receivedReports: [(key: String?, entries: [String])] { get async { await state.reports } }
    /// How many times each refresh token was spent.
    public var refreshCount: Int { get async { await state.refreshes } }

    /// Expires every access token issued so far: the next authenticated call gets 401 `token_expired`.
    public func expireAccessTokens() async { await state.expireAll() }

    /// Makes `POST /v1/client-reports` answer `status` from now on.
    public func answerReports(with status: Int) async { await state.setReportStatus(status) }

    /// Makes `GET path` answer `status` with the contract's error body naming `code`, from now on.
    public func failResource(_ path: String, with status: Int, code: String) async {
        await state.setResourceFailure(path, status: status, code: code)
    }

    /// Makes `POST /v1/error-reports` answer `status` (with `Retry-After` if given) from now on. Until then the
    /// backend does not know the path (404), like a team's backend that takes no error reports.
    public func answerErrorReports(with status: Int, retryAfter: String? = nil) async {
        await state.setErrorReportAnswer(status: status, retryAfter: retryAfter)
    }

    /// Every `POST /v1/error-reports` that arrived, answered or not: its `Idempotency-Key`, its `traceparent` and
    /// its body.
    public var errorReportRequests: [(key: String?, traceParent: String?, body: Data)] {
        get async { await state.errorReportRequests }
    }

    /// How many transfers this backend made: its own count, whatever the client believes.
    public var transferCount: Int { get async { await state.transferCount } }

    /// What happens to the next transfer: it is made, and then the answer fails as `fault` says.
    public func failNextTransferAfterMakingIt(_ fault: TransferFault) async { await state.setTransferFault(fault) }

    /// How an answer fails after the transfer was made.
    public enum TransferFault: Sendable, CustomTestStringConvertible {
        /// The connection drops half-way through the answer.
        case dropConnection
        /// The answer is this status (with `Retry-After: 0`) instead of 201.
        case status(Int)

        /// How the fault reads in a test's name.
        public var testDescription: String {
            switch self {
            case .dropConnection: "a dropped connection"
            case .status(let status): "HTTP \(status)"
            }
        }
    }

    /// Stops listening and closes every connection.
    public func stop() async { await server.stop() }

    /// Stops listening and holds the port closed until the returned value goes (``LoopbackServer/stopRefusing()``).
    public func stopRefusing() async -> RefusedPort? { await server.stopRefusing() }
}

/// The test's hooks around each answer.
private final class Hooks: Sendable {
    private let storage = LockedState<
        (
            before: (@Sendable (RecordedRequest) async -> Void)?,
            after: (@Sendable (RecordedRequest, ScriptedResponse) async -> Void)?
        )
    >((nil, nil))

    func setBefore(_ hook: @escaping @Sendable (RecordedRequest) async -> Void) {
        storage.withLock { $0.before = hook }
    }

    func setAfter(_ hook: @escaping @Sendable (RecordedRequest, ScriptedResponse) async -> Void) {
        storage.withLock { $0.after = hook }
    }

    func before(_ request: RecordedRequest) async { await storage.withLock { $0.before }?(request) }

    func after(_ request: RecordedRequest, _ response: ScriptedResponse) async {
        await storage.withLock { $0.after }?(request, response)
    }
}

private actor State {
    private struct Access {
        var expired: Bool
    }

    private var random: SplitMix64
    private let user: ContractBackend.User
    private var access: [String: Access] = [:]
    private var refresh: Set<String> = []
    private(set) var issued: Set<String> = []
    private(set) var presented: [String] = []
    private(set) var reports: [(key: String?, entries: [String])] = []
    private(set) var refreshes = 0
    private var reportStatus = 202
    private var resourceFailures: [String: (status: Int, code: String)] = [:]
    private var errorReportAnswer: (status: Int, retryAfter: String?)?
    private(set) var errorReportRequests: [(key: String?, traceParent: String?, body: Data)] = []
    private var transfers: [String: (body: Data, json: String)] = [:]
    private var transferFault: ContractBackend.TransferFault?
    private var revokesOnRefresh = false
    private var plantsControls = false
    private var namesNoUser = false

    func setNamesNoUser() { namesNoUser = true }

    func setPlantsControls() { plantsControls = true }

    var transferCount: Int { transfers.count }

    func revokeAll() { access.removeAll() }

    func endAll() {
        access.removeAll()
        refresh.removeAll()
    }

    func setRevokesOnRefresh() { revokesOnRefresh = true }

    func setTransferFault(_ fault: ContractBackend.TransferFault) { transferFault = fault }

    init(random: SplitMix64, user: ContractBackend.User) {
        self.random = random
        self.user = user
    }

    func expireAll() {
        for token in access.keys { access[token]?.expired = true }
    }

    func setReportStatus(_ status: Int) { reportStatus = status }

    func setResourceFailure(_ path: String, status: Int, code: String) { resourceFailures[path] = (status, code) }

    func setErrorReportAnswer(status: Int, retryAfter: String?) { errorReportAnswer = (status, retryAfter) }

    func answer(_ request: RecordedRequest) -> ScriptedResponse {
        let response = decide(request)
        guard plantsControls, let object = try? JSONSerialization.jsonObject(with: response.body),
            let planted = try? JSONSerialization.data(withJSONObject: Self.planting(object, key: nil))
        else { return response }
        var hostile = response
        hostile.body = planted
        return hostile
    }

    /// `value` with ``ContractBackend/plantedControls`` at the end of every string but the tokens.
    private static func planting(_ value: Any, key: String?) -> Any {
        switch value {
        case let text as String where !["accessToken", "refreshToken"].contains(key ?? ""):
            return text + ContractBackend.plantedControls
        case let object as [String: Any]:
            return object.reduce(into: [String: Any]()) { $0[$1.key] = planting($1.value, key: $1.key) }
        case let array as [Any]:
            return array.map { planting($0, key: key) }
        default:
            return value
        }
    }

    private func decide(_ request: RecordedRequest) -> ScriptedResponse {
        if let bearer = request.header("Authorization")?.split(separator: " ").last {
            presented.append(String(bearer))
        }
        switch (request.method, request.path) {
        case ("POST", "/v1/auth/apple"):
            guard let identity = field("identityToken", in: request.body), !identity.isEmpty else {
                return error(400, "bad_request")
            }
            return tokens(includingUser: !namesNoUser)
        case ("POST", "/v1/auth/refresh"):
            guard let token = field("refreshToken", in: request.body), refresh.remove(token) != nil else {
                return error(401, "invalid_grant")
            }
            refreshes += 1
            if revokesOnRefresh { access.removeAll() }
            return tokens(includingUser: false)
        case ("POST", "/v1/client-reports"):
            let entries = reportEntries(request.body)
            guard reportStatus == 202 else { return error(reportStatus, "reports_unavailable") }
            reports.append((request.header("Idempotency-Key"), entries))
            return .json(202, #"{"accepted":\#(entries.count)}"#)
        case ("POST", "/v1/error-reports"):
            errorReportRequests.append((request.header("Idempotency-Key"), request.header("traceparent"), request.body))
            guard let answer = errorReportAnswer else { return error(404, "not_found") }
            guard answer.status == 202 else {
                return .json(
                    answer.status, #"{"error":"slow_down","message":"own backend: slow down"}"#,
                    headers: answer.retryAfter.map { [("Retry-After", $0)] } ?? [])
            }
            return .json(202, "{}")
        case ("GET", "/v1/me"), ("GET", "/v1/wallet"), ("GET", "/v1/payment-cards"):
            if let refusal = authenticate(request) { return refusal }
            if let failure = resourceFailures[request.path] { return error(failure.status, failure.code) }
            return resource(request.path)
        case ("POST", "/v1/transfers"):
            if let refusal = authenticate(request) { return refusal }
            return makeTransfer(request)
        case ("GET", let path) where path.hasPrefix("/v1/transfers/"):
            if let refusal = authenticate(request) { return refusal }
            let id = String(path.dropFirst("/v1/transfers/".count))
            return transfers.values.first { $0.json.contains(#""id":"\#(id)""#) }.map { .json(200, $0.json) }
                ?? error(404, "transfer_not_found")
        default:
            return error(404, "not_found")
        }
    }

    private func authenticate(_ request: RecordedRequest) -> ScriptedResponse? {
        guard let bearer = request.header("Authorization"), bearer.hasPrefix("Bearer ") else {
            return error(401, "invalid_token")
        }
        switch access[String(bearer.dropFirst("Bearer ".count))] {
        case nil: return error(401, "invalid_token")
        case .some(let entry) where entry.expired: return error(401, "token_expired")
        default: return nil
        }
    }

    private func resource(_ path: String) -> ScriptedResponse {
        switch path {
        case "/v1/me":
            return .json(
                200, #"{"id":"\#(user.id)","name":"\#(user.name)","email":"\#(user.email)","avatarURL":null}"#)
        case "/v1/wallet":
            return .json(200, #"{"id":"own-w","balance":{"amount":31.4,"currency":"CHF"},"status":"active"}"#)
        default:
            return .json(
                200,
                #"{"status":"ok","cards":[{"id":"own-c","brand":"amex","last4":"0005","expiryMonth":2,"expiryYear":2031,"holderName":"\#(user.name)"},{"id":"own-d","brand":"unionpay","last4":"0006","expiryMonth":3,"expiryYear":2032}]}"#
            )
        }
    }

    /// The contract's idempotent create: the same key and body again get the original; another body is a 409.
    private func makeTransfer(_ request: RecordedRequest) -> ScriptedResponse {
        guard let key = request.header("Idempotency-Key"), !key.isEmpty else {
            return error(400, "missing_idempotency_key")
        }
        if let made = transfers[key] {
            return made.body == request.body ? .json(201, made.json) : error(409, "idempotency_key_reused")
        }
        guard let account = field("toAccount", in: request.body), let amount = field("amount", in: request.body),
            let currency = field("currency", in: request.body)
        else { return error(422, "validation_failed") }
        let json =
            #"{"id":"own-t-\#(transfers.count + 1)","status":"completed","amount":"\#(amount)","currency":"\#(currency)","toAccount":"\#(account)","createdAt":"2026-11-23T10:00:00Z"}"#
        transfers[key] = (request.body, json)
        defer { transferFault = nil }
        switch transferFault {
        case nil: return .json(201, json)
        case .dropConnection?:
            return ScriptedResponse(
                status: 201, headers: [("Content-Type", "application/json")], body: Data(json.utf8),
                dropsConnection: true)
        case .status(let status)?:
            return .json(status, #"{"error":"busy","message":"own backend: busy"}"#, headers: [("Retry-After", "0")])
        }
    }

    private func tokens(includingUser: Bool) -> ScriptedResponse {
        let accessToken = "own-at-" + String(random.next(), radix: 36) + String(random.next(), radix: 36)
        let refreshToken = "own-rt-" + String(random.next(), radix: 36) + String(random.next(), radix: 36)
        access[accessToken] = Access(expired: false)
        refresh.insert(refreshToken)
        issued.formUnion([accessToken, refreshToken])
        let user =
            includingUser
            ? #","user":{"id":"\#(user.id)","name":"\#(user.name)","email":"\#(user.email)"}"# : ""
        return .json(
            200, #"{"accessToken":"\#(accessToken)","refreshToken":"\#(refreshToken)","expiresIn":600\#(user)}"#)
    }

    private func reportEntries(_ body: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let endpoint = object["endpoint"] as? String, let failures = object["failures"] as? [[String: Any]]
        else { return [] }
        return failures.map { "\(endpoint) \($0["keyPath"] as? String ?? "?") \($0["kind"] as? String ?? "?")" }
    }

    private func field(_ name: String, in body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?[name] as? String
    }

    private func error(_ status: Int, _ code: String) -> ScriptedResponse {
        .json(status, #"{"error":"\#(code)","message":"own backend: \#(code)"}"#)
    }
}
