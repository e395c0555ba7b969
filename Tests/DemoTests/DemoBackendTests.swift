import Decoding
import DemoBackend
import ErrorReports
import Foundation
import Networking
import TestSupport
import Testing

/// The demo backend keeps the contract for bad requests too, and records the client reports it receives.
@Suite("The demo backend", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct DemoBackendTests {
    @Test(arguments: [
        ("POST", "/v1/auth/apple", "not json", 400, "bad_request"),
        ("POST", "/v1/auth/refresh", #"{"refreshToken":"never-issued"}"#, 401, "invalid_grant"),
        ("POST", "/v1/client-reports", #"{"endpoint":1}"#, 400, "bad_request"),
        ("GET", "/v1/nowhere", "", 404, "not_found"),
        ("DELETE", "/v1/wallet", "", 405, "method_not_allowed"),
        ("GET", "/v1/wallet", "", 401, "invalid_token"),
    ])
    func answersBadRequestsWithTheContractsErrors(
        _ method: String, _ path: String, _ body: String, _ status: Int, _ code: String
    ) async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method), url: backend.baseURL.appendingPathComponent(path),
            headers: ["Content-Type": "application/json"], body: body.isEmpty ? nil : Data(body.utf8))

        let response = await URLSessionHTTPClient().outcome(of: request)
        await backend.stop()

        #expect(response.value?.status == status)
        let answer = try #require(response.value?.body)
        #expect((try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["error"] as? String == code)
    }

    @Test func refusesABodyOver64KiB() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let request = HTTPRequest(
            method: .post, url: backend.baseURL.appendingPathComponent("/v1/client-reports"),
            body: Data(repeating: 0x20, count: 70 * 1024))

        let response = await URLSessionHTTPClient().outcome(of: request)
        await backend.stop()

        #expect(response.value?.status == 413)
    }

    @Test func recordsTheClientReportsItReceives() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let sender = ClientReportSender(
            client: StatusCodeMappingHTTPClient(
                decoratee: URLSessionHTTPClient(), logger: quietLogger),
            configuration: .init(
                endpointURL: backend.baseURL.appendingPathComponent("/v1/client-reports"), appVersion: "test"),
            logger: quietLogger)

        sender.submit(
            DecodingReport(defects: [DecodingDefect(keyPath: "cards[1].expiryMonth", kind: .invalid, detail: "dropped")]
            ),
            endpoint: "/v1/payment-cards")
        await sender.flush()
        let received = await backend.receivedReports
        await backend.stop()

        #expect(received.map(\.endpoint) == ["/v1/payment-cards"])
        #expect(received.first?.failures.map(\.keyPath) == ["cards[1].expiryMonth"])
        #expect(received.first?.failures.map(\.kind) == ["invalid"])
        #expect(await sender.deliveredReports().count == 1)
    }

    // MARK: - Transfers: the demo keeps the contract's idempotency

    @Test func theSameKeyAndBodyAgainAnswersTheOriginalAndMakesNothingNew() async throws {
        let (backend, seed) = try await startSignedIn()
        let key = UUID().uuidString

        let first = await send(Self.transferBody, key: key, to: backend, token: seed.accessToken)
        let again = await send(Self.transferBody, key: key, to: backend, token: seed.accessToken)
        let count = await backend.transferCount
        await backend.stop()

        #expect(first.value?.status == 201)
        #expect(again.value?.body == first.value?.body, "the original transfer, same id")
        #expect(count == 1)
    }

    @Test func theSameKeyWithAnotherBodyIsRefused() async throws {
        let (backend, seed) = try await startSignedIn()
        let key = UUID().uuidString

        _ = await send(Self.transferBody, key: key, to: backend, token: seed.accessToken)
        let other = await send(
            #"{"toAccount":"X","amount":"99.00","currency":"EUR"}"#, key: key, to: backend, token: seed.accessToken)
        let count = await backend.transferCount
        await backend.stop()

        #expect(other.value?.status == 409)
        #expect(errorCode(other) == "idempotency_key_reused")
        #expect(count == 1)
    }

    @Test(
        arguments: [
            (#"{"toAccount":"DE89","amount":"12.50","currency":"EUR"}"#, nil, 400, "missing_idempotency_key"),
            (#"{"toAccount":"","amount":"0","currency":"eur"}"#, Self.key, 422, "validation_failed"),
            ("[1,2]", Self.key, 400, "bad_request"),
            (#"{"toAccount":"DE89","amount":"410*","currency":"EUR"}"#, Self.key, 422, "validation_failed"),
            (#"{"toAccount":"DE89","amount":"12,50","currency":"EUR"}"#, Self.key, 422, "validation_failed"),
        ] as [(String, String?, Int, String)])
    func refusesATransferItCannotMake(_ body: String, _ key: String?, _ status: Int, _ code: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(body, key: key, to: backend, token: seed.accessToken)
        let count = await backend.transferCount
        await backend.stop()

        #expect(answer.value?.status == status)
        #expect(errorCode(answer) == code)
        #expect(count == 0)
    }

    @Test func aMadeTransferCanBeLookedUpAndAnUnknownOneIsNotFound() async throws {
        let (backend, seed) = try await startSignedIn()
        _ = await send(Self.transferBody, key: Self.key, to: backend, token: seed.accessToken)

        let found = await call(.get, "/v1/transfers/t-1", on: backend, token: seed.accessToken)
        let missing = await call(.get, "/v1/transfers/t-9", on: backend, token: seed.accessToken)
        await backend.stop()

        #expect(found.value?.status == 200)
        #expect(missing.value?.status == 404)
        #expect(errorCode(missing) == "transfer_not_found")
    }

    @Test func headIsAGetWithoutABodyAndAWrongMethodSaysWhichAreAllowed() async throws {
        let (backend, seed) = try await startSignedIn()

        let head = await call(.head, "/v1/wallet", on: backend, token: seed.accessToken)
        let wrong = await call(.delete, "/v1/transfers", on: backend, token: seed.accessToken)
        await backend.stop()

        #expect(head.value?.status == 200)
        #expect(head.value?.body.isEmpty == true)
        #expect(wrong.value?.status == 405)
        #expect(wrong.value?.headers["Allow"] == "POST")
    }

    // MARK: - The contract's rules for a transfer, each as docs/openapi.yaml states it

    @Test(arguments: [
        "k-1", "6f1c2a9e3b7d4e2f9a510c8d7e6b5a43", "{6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43}",
        "6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a4g",
    ])
    func refusesAnIdempotencyKeyThatIsNotAUUID(_ key: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(Self.transferBody, key: key, to: backend, token: seed.accessToken)
        let count = await backend.transferCount
        await backend.stop()

        #expect(answer.value?.status == 400)
        #expect(errorCode(answer) == "invalid_idempotency_key")
        #expect(count == 0)
    }

    @Test(arguments: [UUID().uuidString, UUID().uuidString.lowercased()])
    func takesAUUIDKeyInEitherCase(_ key: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(Self.transferBody, key: key, to: backend, token: seed.accessToken)
        await backend.stop()

        #expect(answer.value?.status == 201)
    }

    @Test(arguments: [
        ("0", "not_positive"), ("0.00", "not_positive"), ("-1", "not_positive"), ("1.234", "invalid"),
        ("abc", "invalid"), ("01", "invalid"), ("1e3", "invalid"), ("", "invalid"),
    ])
    func refusesAnAmountTheDocumentDoesNotAllow(_ amount: String, _ code: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(
            #"{"toAccount":"DE89","amount":"\#(amount)","currency":"EUR"}"#, key: Self.key, to: backend,
            token: seed.accessToken)
        let count = await backend.transferCount
        await backend.stop()

        #expect(answer.value?.status == 422)
        #expect(fieldErrors(answer) == ["amount: \(code)"])
        #expect(count == 0)
    }

    @Test(arguments: ["0.01", "0.5", "7", "12.5", "12.50", "1000000"])
    func takesAPositiveAmountWithAtMostTwoDecimals(_ amount: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(
            #"{"toAccount":"DE89","amount":"\#(amount)","currency":"EUR"}"#, key: Self.key, to: backend,
            token: seed.accessToken)
        await backend.stop()

        #expect(answer.value?.status == 201)
        #expect(try transferAmount(answer) == amount, "the amount as sent")
    }

    @Test(arguments: [
        (#"{"toAccount":"DE89","amount":12.5,"currency":"EUR"}"#, "amount: invalid"),
        (#"{"toAccount":42,"amount":"12.50","currency":"EUR"}"#, "toAccount: invalid"),
        (#"{"toAccount":"DE89","amount":"12.50","currency":["EUR"]}"#, "currency: invalid"),
        (#"{"toAccount":"DE89","amount":"12.50","currency":"EUR","note":null}"#, "note: invalid"),
    ])
    func refusesAFieldOfTheWrongType(_ body: String, _ problem: String) async throws {
        let (backend, seed) = try await startSignedIn()

        let answer = await send(body, key: Self.key, to: backend, token: seed.accessToken)
        await backend.stop()

        #expect(answer.value?.status == 422)
        #expect(fieldErrors(answer) == [problem])
    }

    @Test func refusesANoteOver140Characters() async throws {
        let (backend, seed) = try await startSignedIn()

        let longest = await send(
            Self.transfer(note: String(repeating: "a", count: 140)), key: UUID().uuidString, to: backend,
            token: seed.accessToken)
        let tooLong = await send(
            Self.transfer(note: String(repeating: "a", count: 141)), key: UUID().uuidString, to: backend,
            token: seed.accessToken)
        await backend.stop()

        #expect(longest.value?.status == 201)
        #expect(tooLong.value?.status == 422)
        #expect(fieldErrors(tooLong) == ["note: too_large"])
    }

    @Test func countsANotesCharactersAsUnicodeCodePoints() async throws {
        let (backend, seed) = try await startSignedIn()
        let note = String(repeating: "e\u{301}", count: 71)  // 71 characters on screen, 142 code points

        let answer = await send(Self.transfer(note: note), key: Self.key, to: backend, token: seed.accessToken)
        await backend.stop()

        #expect(answer.value?.status == 422)
        #expect(fieldErrors(answer) == ["note: too_large"])
    }

    // MARK: - The contract's rules for a client report

    @Test(arguments: [
        #"{"endpoint":"/v1/me","failures":[],"appVersion":{}}"#,
        #"{"endpoint":"/v1/me","failures":[],"appVersion":null}"#,
        #"{"endpoint":"/v1/me","failures":[{"keyPath":"name","kind":"missing","detail":3}]}"#,
        #"{"endpoint":"/v1/me","failures":{}}"#,
    ])
    func refusesAReportWithAFieldOfTheWrongType(_ body: String) async throws {
        let (answer, received) = try await sendReport(body)

        #expect(answer.value?.status == 400)
        #expect(errorCode(answer) == "bad_request")
        #expect(received == 0)
    }

    @Test(arguments: [
        #"{"endpoint":"","failures":[]}"#,
        #"{"endpoint":"/v1/me","failures":[{"keyPath":"","kind":"missing"}]}"#,
        #"{"endpoint":"/v1/me","failures":[{"keyPath":"name","kind":"broken"}]}"#,
    ])
    func refusesAReportWithAValueItsSchemaDoesNotAllow(_ body: String) async throws {
        let (answer, received) = try await sendReport(body)

        #expect(answer.value?.status == 400)
        #expect(errorCode(answer) == "bad_request")
        #expect(received == 0)
    }

    @Test func takesAReportWithoutItsOptionalFieldsAndIgnoresUnknownOnes() async throws {
        let (answer, received) = try await sendReport(
            #"{"endpoint":"/v1/me","failures":[{"keyPath":"name","kind":"novel"}],"extra":[1]}"#)

        #expect(answer.value?.status == 202)
        #expect(received == 1)
    }

    // MARK: - Helpers

    static let transferBody =
        #"{"amount":"12.50","currency":"EUR","note":"rent","toAccount":"DE89 3704 0044 0532 0130 00"}"#
    /// An `Idempotency-Key` as the contract writes one.
    static let key = "6f1c2a9e-3b7d-4e2f-9a51-0c8d7e6b5a43"

    /// A valid transfer with `note`.
    static func transfer(note: String) -> String {
        #"{"toAccount":"DE89","amount":"1.00","currency":"EUR","note":"\#(note)"}"#
    }

    private func startSignedIn() async throws -> (DemoBackend, SeedSession) {
        let seed = SeedSession.random()
        return (try await DemoBackend.start(scenario: .transferHappy, seed: seed, logger: quietLogger), seed)
    }

    private func send(
        _ body: String, key: String?, to backend: DemoBackend, token: String
    ) async -> Result<HTTPResponse, HTTPClientError> {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Authorization": "Bearer \(token)"]
        if let key { headers["Idempotency-Key"] = key }
        let request = HTTPRequest(
            method: .post, url: backend.baseURL.appendingPathComponent("/v1/transfers"), headers: headers,
            body: Data(body.utf8))
        return await URLSessionHTTPClient().outcome(of: request)
    }

    private func call(
        _ method: HTTPMethod, _ path: String, on backend: DemoBackend, token: String
    ) async -> Result<HTTPResponse, HTTPClientError> {
        let request = HTTPRequest(
            method: method, url: backend.baseURL.appendingPathComponent(path),
            headers: ["Authorization": "Bearer \(token)"])
        return await URLSessionHTTPClient().outcome(of: request)
    }

    private func errorCode(_ answer: Result<HTTPResponse, HTTPClientError>) -> String? {
        guard let body = answer.value?.body else { return nil }
        return (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }

    /// The `fields` of a 422, each as `field: code`.
    private func fieldErrors(_ answer: Result<HTTPResponse, HTTPClientError>) -> [String] {
        guard let body = answer.value?.body,
            let fields = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["fields"]
                as? [[String: Any]]
        else { return [] }
        return fields.map { "\($0["field"] as? String ?? "?"): \($0["code"] as? String ?? "?")" }
    }

    /// The `amount` of a transfer the backend answered.
    private func transferAmount(_ answer: Result<HTTPResponse, HTTPClientError>) throws -> String? {
        let body = try #require(answer.value?.body)
        return (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["amount"] as? String
    }

    /// The answer to `body` sent as a client report, and how many reports the backend then holds.
    private func sendReport(_ body: String) async throws -> (Result<HTTPResponse, HTTPClientError>, Int) {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let request = HTTPRequest(
            method: .post, url: backend.baseURL.appendingPathComponent("/v1/client-reports"),
            headers: ["Content-Type": "application/json"], body: Data(body.utf8))

        let answer = await URLSessionHTTPClient().outcome(of: request)
        let received = await backend.receivedReports.count
        await backend.stop()
        return (answer, received)
    }
}
