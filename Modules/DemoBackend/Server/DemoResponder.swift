import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every endpoint of the backend contract the way the chosen scenario says, and never crashes on a bad
/// request: a malformed body is 400, an unknown path 404, a wrong method 405, a body over 64 KiB 413.
struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let scenario: DemoScenario
    let user: DemoUser
    let tokens: TokenStore
    let faults: FaultInjector?
    let record: ServerRecord
    let stopSignal: StopSignal
    let logger: Logger

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let answer: Answer
        do {
            let body = try await request.collectBody(upTo: 64 * 1024)
            answer = await route(
                request.method, request.uri.path, headers: request.headers, body: Data(body.readableBytesView))
        } catch {
            answer = .error(413, "payload_too_large", "The request body is larger than 64 KiB.")
        }
        await record.count(request.uri.path)
        logger.info(
            "\(request.method) \(request.uri.path) → \(answer.status)",
            metadata: ["scenario": "\(scenario.rawValue)"])
        return answer.response
    }

    private func route(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields, body: Data) async -> Answer {
        switch (method, path) {
        case (.post, "/v1/auth/apple"): return await signIn(body)
        case (.post, "/v1/auth/refresh"): return await refresh(body)
        case (.post, "/v1/client-reports"): return await clientReport(body)
        case (.get, "/v1/me"), (.get, "/v1/wallet"), (.get, "/v1/payment-cards"):
            if let refusal = await authenticate(headers) { return refusal }
            if let fault = await faults?.draw(), let answer = await inject(fault, headers: headers) { return answer }
            switch path {
            case "/v1/me": return profile()
            case "/v1/wallet": return await wallet()
            default: return await paymentCards()
            }
        case (_, "/v1/auth/apple"), (_, "/v1/auth/refresh"), (_, "/v1/client-reports"), (_, "/v1/me"),
            (_, "/v1/wallet"), (_, "/v1/payment-cards"):
            return .error(405, "method_not_allowed", "\(method) is not allowed on \(path).")
        default:
            return .error(404, "not_found", "There is no \(path) in this API.")
        }
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
        let pair = await tokens.issue(for: "u-1")
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
        case .expired: return .error(401, "token_expired", "The access token has expired.")
        case .unknown: return .error(401, "invalid_token", "The access token is not known.")
        }
    }

    // MARK: - Injected faults

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
        case .paymentsUnexpected:
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
            return .error(400, "bad_request", "The body must be a client report.")
        }
        await record.append(report)
        return .json(202, #"{"accepted":\#(report.failures.count)}"#)
    }

    private static func field(_ name: String, in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let value = object[name] as? String, !value.isEmpty
        else { return nil }
        return value
    }
}

/// A response before it becomes Hummingbird's.
struct Answer {
    var status: Int
    var contentType = "application/json"
    var body: String
    var headers: [(String, String)] = []

    static func json(_ status: Int, _ body: String) -> Answer {
        Answer(status: status, body: body)
    }

    static func error(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) -> Answer {
        Answer(status: status, body: Fixtures.error(code, message), headers: headers)
    }

    var response: Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A client report as the backend received it.
public struct ReceivedReport: Hashable, Sendable, Decodable {
    public struct Failure: Hashable, Sendable, Decodable {
        public var keyPath: String
        public var kind: String
    }

    public var endpoint: String
    public var failures: [Failure]
}

/// What the running backend has seen: calls per path and the client reports.
actor ServerRecord {
    private var calls: [String: Int] = [:]
    private(set) var reports: [ReceivedReport] = []

    func calls(_ path: String) -> Int { calls[path] ?? 0 }
    func count(_ path: String) { calls[path, default: 0] += 1 }
    func append(_ report: ReceivedReport) { reports.append(report) }
}
