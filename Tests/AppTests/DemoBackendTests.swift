import DemoBackend
import Foundation
import Networking
import TestSupport
import Testing

/// The demo backend keeps the contract for bad requests too, and records the client reports it receives.
@Suite("The demo backend", .serialized, .timeLimit(.minutes(1)))
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

        let response = await URLSessionHTTPClient(logger: quietLogger).outcome(of: request)
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

        let response = await URLSessionHTTPClient(logger: quietLogger).outcome(of: request)
        await backend.stop()

        #expect(response.value?.status == 413)
    }

    @Test func recordsTheClientReportsItReceives() async throws {
        let backend = try await DemoBackend.start(scenario: .paymentsHappy, logger: quietLogger)
        let sender = ClientReportSender(
            client: StatusCodeMappingHTTPClient(
                decoratee: URLSessionHTTPClient(logger: quietLogger), logger: quietLogger),
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
}
