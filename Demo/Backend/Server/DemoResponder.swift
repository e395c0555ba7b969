import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackHosting
import NIOCore

/// Answers every endpoint of the backend contract the way the chosen scenario says, and never crashes on a bad
/// request: a malformed body is 400, an unknown path 404, a wrong method 405 (with `Allow`), a body over 64 KiB
/// 413. Every GET endpoint answers HEAD too.
struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let scenario: DemoScenario
    let user: DemoUser
    let tokens: TokenStore
    let faults: FaultInjector?
    let record: ServerRecord
    let stopSignal: StopSignal
    /// Holds the first expired call of `token-expired` and `session-revoked` until the second arrives, so both meet
    /// the expiry before the refresh settles, whichever the client sends first. It waits 2 s at most, which a loaded
    /// machine's second call still meets (decision 0088).
    let expiredCalls = Gathering(count: 2, within: .seconds(2))
    let ledger: TransferLedger
    /// Where the error reports the backend receives are grouped by fingerprint.
    let errorReports: ErrorReportBook
    let logger: Logger

    /// Every path of the contract and the methods it answers.
    static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/v1/auth/apple", [.post]), ("/v1/auth/refresh", [.post]), ("/v1/client-reports", [.post]),
        ("/v1/error-reports", [.post, .get, .head]),
        ("/v1/me", [.get, .head]), ("/v1/wallet", [.get, .head]), ("/v1/payment-cards", [.get, .head]),
        ("/v1/transfers", [.post]), ("/v1/transfers/{id}", [.get, .head]),
        // new-feature: routes
    ]

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        try await TraceParentMiddleware<BasicRequestContext>().handle(request, context: context) { request, _ in
            await answer(request)
        }
    }

    /// The answer to `request`, inside its trace; one log line per request, naming the trace.
    private func answer(_ request: Request) async -> Response {
        var request = request
        let answer: Answer
        do {
            let body = try await request.collectBody(upTo: 64 * 1024)
            let method = request.method == .head ? HTTPRequest.Method.get : request.method
            answer = await route(
                method, request.uri.path, allowed: request.method, headers: request.headers,
                body: Data(body.readableBytesView),
                references: request.uri.queryParameters[values: "reference"].map(String.init))
        } catch {
            answer = .error(413, "payload_too_large", "The request body is larger than 64 KiB.")
        }
        await record.count(request.uri.path)
        logger.info(
            "\(request.method) \(request.uri.path) → \(answer.status)",
            metadata: ["scenario": "\(scenario.rawValue)", "trace": "\(IncomingTrace.id ?? "-")"])
        return request.method == .head ? answer.withoutBody.response : answer.response
    }

    /// `references`: the values of the query's `reference` parameter, as many as it has.
    private func route(
        _ method: HTTPRequest.Method, _ path: String, allowed asked: HTTPRequest.Method, headers: HTTPFields,
        body: Data, references: [String]
    ) async -> Answer {
        guard let route = Self.routes.first(where: { Self.matches(path, $0.path) }) else {
            return .error(404, "not_found", "There is no \(path) in this API.")
        }
        guard route.methods.contains(asked) else {
            return .error(
                405, "method_not_allowed", "\(asked) is not allowed on \(path).",
                headers: [("Allow", route.methods.map(\.rawValue).joined(separator: ", "))])
        }
        switch (method, route.path) {
        case (.post, "/v1/auth/apple"): return await signIn(body)
        case (.post, "/v1/auth/refresh"): return await refresh(body)
        case (.post, "/v1/client-reports"): return await clientReport(body)
        case (.post, "/v1/error-reports"):
            return await errorReport(body, key: HTTPField.Name("Idempotency-Key").flatMap { headers[$0] })
        case (.get, "/v1/error-reports") where references.isEmpty: return await errorReportGroups()
        case (.get, "/v1/error-reports"): return await errorReport(references: references)
        case (.post, "/v1/transfers"):
            if let refusal = await authenticate(headers) { return refusal }
            return await createTransfer(headers: headers, body: body)
        case (.get, "/v1/transfers/{id}"):
            if let refusal = await authenticate(headers) { return refusal }
            return await transfer(id: String(path.dropFirst("/v1/transfers/".count)))
        default:
            if let refusal = await authenticate(headers) { return refusal }
            if let fault = await faults?.draw(call: Self.call(of: headers)),
                let answer = await inject(fault, headers: headers)
            {
                return answer
            }
            switch path {
            case "/v1/me": return profile()
            case "/v1/wallet": return await wallet()
            // new-feature: answers
            default: return await paymentCards()
            }
        }
    }

    /// `path` against a route, where `{id}` stands for one non-empty path segment.
    private static func matches(_ path: String, _ route: String) -> Bool {
        guard route.hasSuffix("{id}") else { return path == route }
        let prefix = route.dropLast("{id}".count)
        let rest = path.dropFirst(prefix.count)
        return path.hasPrefix(prefix) && !rest.isEmpty && !rest.contains("/")
    }

    // MARK: - Transfers

    private func createTransfer(headers: HTTPFields, body: Data) async -> Answer {
        guard let key = HTTPField.Name("Idempotency-Key").flatMap({ headers[$0] }), !key.isEmpty else {
            return .error(400, "missing_idempotency_key", "A transfer needs an Idempotency-Key header.")
        }
        guard Self.isUUID(key) else {
            return .error(
                400, "invalid_idempotency_key", "The Idempotency-Key must be a UUID, as 8-4-4-4-12 hex digits.")
        }
        guard let form = TransferForm(body) else {
            return .error(400, "bad_request", "The body must be a JSON object describing the transfer.")
        }
        let problems = form.problems
        if !problems.isEmpty {
            return .validationFailed(problems)
        }
        // The key before the wallet: a key whose transfer was made answers that transfer, whatever the wallet says
        // now (the contract's `x-final-answers-for-key`).
        if let known = await ledger.lookUp(form, key: key) { return Self.answer(known) }
        let refusal: TransferLedger.Refusal? =
            switch scenario {
            case .transferInsufficientFunds:
                .init(status: 402, code: "insufficient_funds", message: "The wallet does not hold that much.")
            case .transferKeyReused:
                .init(
                    status: 409, code: "idempotency_key_reused",
                    message: "This Idempotency-Key was used for another transfer.")
            default: nil
            }
        if let refusal { return Self.answer(await ledger.refuse(form, key: key, with: refusal)) }
        if scenario == .transferInvalidFields {
            return .validationFailed([("amount", "too_large"), ("toAccount", "invalid"), ("note", "flagged_words")])
        }
        let status = scenario == .transferPending ? "pending" : "completed"
        switch await ledger.create(form, key: key, status: status) {
        case .created(let transfer) where scenario == .transferTimeoutReplayed:
            // Made, then the line goes dead before the answer is complete: only a retry with the key can tell.
            return Answer.json(201, transfer.json).droppingTheConnection
        case let other:
            return Self.answer(other)
        }
    }

    /// What the ledger's word on a key is, as an answer.
    private static func answer(_ outcome: TransferLedger.Outcome) -> Answer {
        switch outcome {
        case .created(let transfer), .replayed(let transfer):
            .json(201, transfer.json)
        case .keyReusedForAnotherBody:
            .error(409, "idempotency_key_reused", "This Idempotency-Key was used for another transfer.")
        case .refused(let refusal):
            .error(refusal.status, refusal.code, refusal.message)
        }
    }

    /// Whether `key` is a UUID as the contract writes one: 36 characters, hex digits (either case) in groups of
    /// 8, 4, 4, 4 and 12 joined by hyphens (`6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43`).
    static func isUUID(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        let hyphens: Set = [8, 13, 18, 23]
        return scalars.count == 36
            && scalars.indices.allSatisfy { index in
                hyphens.contains(index) ? scalars[index] == "-" : scalars[index].properties.isASCIIHexDigit
            }
    }

    private func transfer(id: String) async -> Answer {
        guard let transfer = await ledger.transfer(id: id) else {
            return .error(404, "transfer_not_found", "There is no transfer \(id).")
        }
        return .json(200, transfer.json)
    }

    // MARK: - Auth service

    private func signIn(_ body: Data) async -> Answer {
        guard let identityToken = Self.field("identityToken", in: body) else {
            return .error(400, "bad_request", "The body must be {\"identityToken\": \"...\"}.")
        }
        guard identityToken.hasPrefix("apple-identity:") else {
            return .error(401, "invalid_identity_token", "Apple's identity token was not accepted.")
        }
        if scenario == .signinBanned {
            return .error(403, "account_banned", "This account is banned.")
        }
        let pair = await tokens.signIn("u-1")
        return .json(
            200,
            #"{"accessToken":"\#(pair.access)","refreshToken":"\#(pair.refresh)","expiresIn":\#(Int(TokenStore.lifetime)),"user":\#(Fixtures.user(user))}"#
        )
    }

    private func refresh(_ body: Data) async -> Answer {
        guard let refreshToken = Self.field("refreshToken", in: body) else {
            return .error(400, "bad_request", "The body must be {\"refreshToken\": \"...\"}.")
        }
        guard let pair = await tokens.rotate(refreshToken: refreshToken) else {
            return .error(401, "invalid_grant", "The refresh token is revoked or expired; sign in again.")
        }
        if scenario == .tokenExpired {
            // A refresh that takes a moment, as real ones do: every call that met the expiry waits for this one.
            await stopSignal.sleep(for: .milliseconds(100))
        }
        return .json(
            200,
            #"{"accessToken":"\#(pair.access)","refreshToken":"\#(pair.refresh)","expiresIn":\#(Int(TokenStore.lifetime))}"#
        )
    }

    private func authenticate(_ headers: HTTPFields) async -> Answer? {
        guard let authorization = headers[.authorization], authorization.hasPrefix("Bearer ") else {
            return .error(401, "invalid_token", "A bearer token is required.")
        }
        switch await tokens.check(accessToken: String(authorization.dropFirst("Bearer ".count))) {
        case .valid: return nil
        case .expired:
            if scenario == .tokenExpired || scenario == .sessionRevoked {
                await expiredCalls.arrive(stopSignal: stopSignal)
            }
            return .error(401, "token_expired", "The access token has expired.")
        case .unknown: return .error(401, "invalid_token", "The access token is not known.")
        }
    }

    // MARK: - Injected faults

    /// The load run's number for the call this request belongs to, if it gave one.
    private static func call(of headers: HTTPFields) -> String? {
        HTTPField.Name(FaultPlan.callHeader).flatMap { headers[$0] }
    }

    /// The answer a fault replaces the real one with; `nil` when the real answer follows (after a delay).
    private func inject(_ fault: InjectedFault, headers: HTTPFields) async -> Answer? {
        switch fault {
        case .serverError:
            return .error(500, "internal", "Injected fault.")
        case .unavailable:
            return .error(503, "service_unavailable", "Injected fault.", headers: [("Retry-After", "0")])
        case .rateLimited:
            return .error(429, "rate_limited", "Injected fault.", headers: [("Retry-After", "0")])
        case .slow:
            await stopSignal.sleep(for: .milliseconds(150))
            return nil
        case .expiredToken:
            return .error(401, "token_expired", "The access token has expired.")
        }
    }

    // MARK: - Resources

    private func profile() -> Answer {
        switch scenario {
        case .profileMissingFields: .json(200, Fixtures.userMissingFields)
        case .profileInvalidAvatar: .json(200, Fixtures.userInvalidAvatar(user))
        case .profileBroken: .json(200, Fixtures.userWithoutID(user))
        case .profileUnavailable: .error(500, "internal", "The profile service failed.")
        default: .json(200, Fixtures.user(user))
        }
    }

    private func wallet() async -> Answer {
        switch scenario {
        case .walletMissing, .noPaymentMethods, .walletPageNoWallet:
            return .error(404, "wallet_not_found", "This user has no wallet.")
        case .walletBanned:
            return .error(403, "wallet_banned", "This wallet is banned.")
        case .walletInReview:
            return .json(200, Fixtures.walletInReview)
        case .paymentsUnexpected, .walletPageUnavailable:
            return .error(500, "internal", "The wallet service failed.")
        case .rateLimited where await record.calls("/v1/wallet") == 0:
            return .error(
                429, "rate_limited", "Too many requests; retry after a second.", headers: [("Retry-After", "1")])
        case .slowBackend:
            await stopSignal.sleep(for: DemoScenario.slowAnswerDelay)
            return .json(200, Fixtures.wallet)
        default:
            return .json(200, Fixtures.wallet)
        }
    }

    private func paymentCards() async -> Answer {
        let earlierCalls = await record.calls("/v1/payment-cards")
        switch scenario {
        case .cardsServiceDown, .paymentsUnexpected:
            return .json(200, Fixtures.envelopeError("SERVICE_DOWN"))
        case .noPaymentMethods:
            return .json(200, Fixtures.envelopeError("CARDS_LOCKED"))
        case .cardsPartlyInvalid:
            return .json(200, Fixtures.partlyInvalidCards)
        case .serverFlaky where earlierCalls == 0:
            return Answer(
                status: 503, contentType: "text/html", body: Fixtures.proxyErrorPage, headers: [("Retry-After", "0")])
        case .serverFlaky where earlierCalls == 1:
            return .error(503, "service_unavailable", "Still restarting.", headers: [("Retry-After", "0")])
        default:
            return .json(200, Fixtures.twoCards)
        }
    }

    private func clientReport(_ body: Data) async -> Answer {
        guard let report = try? JSONDecoder().decode(ReceivedReport.self, from: body) else {
            return .error(
                400, "bad_request",
                "The body must be a client report: {endpoint, failures: [{keyPath, kind, detail}], appVersion}.")
        }
        await record.append(report)
        return .json(202, #"{"accepted":\#(report.failures.count)}"#)
    }

    private func errorReport(_ body: Data, key: String?) async -> Answer {
        guard let report = try? JSONDecoder().decode(ReceivedErrorReport.self, from: body) else {
            return .error(
                400, "bad_request",
                "The body must be an error report: {fingerprint, breadcrumbs, environment, appVersion, locale, platform}."
            )
        }
        let count = await errorReports.file(report, body: body, key: key)
        logger.info(
            "error report \(report.fingerprint.value) (\(count) so far)",
            metadata: [
                "reference": "\(report.reference ?? "-")", "trace": "\(report.traceID ?? "-")",
                "request": "\(report.requestID ?? "-")",
            ])
        return .json(202, #"{"count":\#(count)}"#)
    }

    /// The report that carried the one reference asked for, as it arrived: what support finds by the reference the
    /// user quotes. 400 `invalid_reference` unless the query names exactly one reference in the contract's format;
    /// 404 `report_not_found` when no report carried it.
    private func errorReport(references: [String]) async -> Answer {
        guard references.count == 1, let reference = references.first, ReceivedErrorReport.isReference(reference)
        else {
            return .error(
                400, "invalid_reference",
                "A reference is 4 characters of Crockford base32, a hyphen and 4 more, like 7F3K-9Q2M.")
        }
        guard let body = await errorReports.report(reference: reference) else {
            return .error(404, "report_not_found", "No error report carried the reference \(reference).")
        }
        return .json(200, String(decoding: body, as: UTF8.self))
    }

    /// The error reports received so far, grouped by fingerprint: what `errorflow serve` shows the team.
    private func errorReportGroups() async -> Answer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let groups = await errorReports.all
        let body = (try? encoder.encode(["groups": groups])).map { String(decoding: $0, as: UTF8.self) }
        return .json(200, body ?? #"{"groups":[]}"#)
    }

    private static func field(_ name: String, in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let value = object[name] as? String, !value.isEmpty
        else { return nil }
        return value
    }
}
