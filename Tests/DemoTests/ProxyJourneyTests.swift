import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Screens through `errorflow proxy` in front of `errorflow serve`, every part a real process: the backend is known
/// by what is behind the proxy, so a transfer whose answer the proxy dropped is made once whichever way it is sent
/// again, and each fault kind shows in the screen's journey as the app handles it.
@Suite(
    "Screens through the fault proxy in front of errorflow serve", .serialized,
    .timeLimit(.minutes(5 * TestSlowdown.factor)))
struct ProxyJourneyTests {
    typealias Proxy = ProxyProcess<DemoExecutable>

    static let form = ["--to", "DE89 3704 0044 0532 0130 00", "--amount", "12.50"]

    @Test func aTransferWhoseAnswerTheProxyDroppedIsNotMadeAgainStraightAtTheBackend() async throws {
        let home = TemporaryFolder()
        let server = try await DemoServer.start(scenario: "transfer-happy")
        let proxy = try #require(
            try await Proxy.start(
                [
                    "--to", server.baseURL, "--faults", "POST /v1/transfers=drop-answer", "--fault-rate", "1",
                ], home: home.url))
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL, "--answer", "approve"], home: home.url)
        let proxied = try await Binary.run(
            ["transfer", "--base-url", proxy.baseURL, "--format", "json"] + Self.form, home: home.url)
        let direct = try await Binary.run(
            ["transfer", "--base-url", server.baseURL, "--format", "json"] + Self.form, home: home.url)
        let another = try await Binary.run(
            ["transfer", "--status", "t-2", "--base-url", server.baseURL], home: home.url)
        let proxyRun = await proxy.stop()
        _ = await server.stop()

        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(proxied.status != 0, "the answer never came: \(proxied.stdout)")
        #expect(try outcome(of: proxied) == "presented")
        #expect(proxyRun.stderr.contains("drop-answer on POST /v1/transfers"), "\(proxyRun.stderr)")
        #expect(direct.status == 0, "straight at the backend it is the same write: \(direct.stderr)")
        #expect(try receiptID(of: direct) == "t-1", "the backend answered the first transfer again")
        #expect(another.status != 0, "there is no second transfer: \(another.stdout)")
    }

    /// The write is filed under the backend by a run whose answer was lost before this proxy ever saw it (another
    /// proxy dropped it: a backend that stalls from the start cannot say it is no proxy, and then nothing is sent).
    @Test func aTransferWhoseAnswerWasLostOnAnotherRoadIsSettledThroughTheProxyOnce() async throws {
        let home = TemporaryFolder()
        let server = try await DemoServer.start(scenario: "transfer-happy")
        let proxy = try #require(try await Proxy.start(["--to", server.baseURL, "--fault-rate", "0"], home: home.url))
        let dropping = try #require(
            try await Proxy.start(
                [
                    "--to", server.baseURL, "--faults", "POST /v1/transfers=drop-answer", "--fault-rate", "1",
                ], home: home.url))
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)
        let lost = try await Binary.run(
            ["transfer", "--base-url", dropping.baseURL] + Self.form, home: home.url)
        _ = await dropping.stop()
        let settled = try await Binary.run(
            ["transfer", "--pending", "--base-url", proxy.baseURL, "--format", "json"], home: home.url)
        let another = try await Binary.run(
            ["transfer", "--status", "t-2", "--base-url", server.baseURL], home: home.url)
        let waiting = try await Binary.run(["transfer", "--pending", "--base-url", server.baseURL], home: home.url)
        _ = await proxy.stop()
        _ = await server.stop()

        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(lost.status != 0, "\(lost.stdout)")
        #expect(
            settled.status == 0, "through the proxy it is the same pending write: \(settled.stdout)\(settled.stderr)")
        let pending = try #require(
            try JSONSerialization.jsonObject(with: Data(settled.stdout.utf8)) as? [String: Any])
        let runs = try #require(pending["pending"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(((runs.first?["state"] as? [String: Any])?["receipt"] as? [String: Any])?["id"] as? String == "t-1")
        #expect(another.status != 0, "there is no second transfer: \(another.stdout)")
        #expect(waiting.stdout.contains("waits for its outcome") && waiting.stdout.hasPrefix("No transfer"))
    }

    @Test func aProxyKilledWhileItHoldsATransferLeavesItPendingAndItIsMadeOnceStraightAtTheBackend() async throws {
        let home = TemporaryFolder()
        let server = try await DemoServer.start(scenario: "transfer-happy")
        let proxy = try #require(
            try await Proxy.start(
                [
                    "--to", server.baseURL, "--faults", "POST /v1/transfers=slow", "--fault-rate", "1", "--delay", "60",
                ], home: home.url))
        let signIn = try await Binary.run(
            ["signin", "--base-url", proxy.baseURL, "--answer", "approve"], home: home.url)
        let held = try Binary.start(["transfer", "--base-url", proxy.baseURL] + Self.form, home: home.url)
        await eventually("the proxy to hold the transfer") {
            proxy.running.stderrSoFar.contains("slow on POST /v1/transfers")
        }
        proxy.running.send(SIGKILL)
        let cut = await held.finish()
        let settled = try await Binary.run(
            ["transfer", "--pending", "--base-url", server.baseURL, "--format", "json"], home: home.url)
        let another = try await Binary.run(
            ["transfer", "--status", "t-2", "--base-url", server.baseURL], home: home.url)
        _ = await proxy.running.finish()
        _ = await server.stop()

        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(cut.status != 0, "its answer never came: \(cut.stdout)")
        #expect(cut.stdout.contains("We couldn't confirm your transfer"), "\(cut.stdout)")
        #expect(settled.status == 0, "the write waited in the journal: \(settled.stdout)\(settled.stderr)")
        let pending = try #require(try JSONSerialization.jsonObject(with: Data(settled.stdout.utf8)) as? [String: Any])
        let runs = try #require(pending["pending"] as? [[String: Any]])
        #expect(((runs.first?["state"] as? [String: Any])?["receipt"] as? [String: Any])?["id"] as? String == "t-1")
        #expect(another.status != 0, "there is no second transfer: \(another.stdout)")
    }

    @Test func twoRunsThroughOneProxyAtOnceEachGetTheirOwnFaultAndContent() async throws {
        let home = TemporaryFolder()
        let server = try await DemoServer.start(scenario: "payments-happy")
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)
        let proxy = try #require(
            try await Proxy.start(
                [
                    "--to", server.baseURL, "--faults", "GET /v1/wallet=slow", "--fault-rate", "1", "--delay", "0.5",
                ], home: home.url))
        let arguments = ["wallet", "--base-url", proxy.baseURL, "--format", "json"]
        let first = try Binary.start(arguments, home: home.url)
        let second = try Binary.start(arguments, home: home.url)
        let runs = [await first.finish(), await second.finish()]
        let proxyRun = await proxy.stop()
        _ = await server.stop()

        #expect(signIn.status == 0)
        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        #expect(try runs.map { try outcome(of: $0) } == ["content", "content"])
        let lines = proxyRun.stderr.split(separator: "\n").filter { $0.contains("slow on GET /v1/wallet") }
        #expect(lines.count == 2, "one fault each: \(proxyRun.stderr)")
        #expect(Set(lines.map { $0.split(separator: "(trace ").last?.prefix(32) }).count == 2, "under two traces")
    }

    /// Each kind on the wallet page (the cards' envelope for `error-in-200`), through the proxy at rate 1: what the
    /// proxy logged, and what the screen's journey and exit code show.
    @Test(arguments: ProxiedFault.allCases)
    func eachFaultShowsInTheJourney(_ fault: ProxiedFault) async throws {
        let home = TemporaryFolder()
        let server = try await DemoServer.start(scenario: "payments-happy")
        let signIn = try await Binary.run(
            ["signin", "--base-url", server.baseURL, "--answer", "approve"], home: home.url)
        let proxy = try #require(
            try await Proxy.start(
                [
                    "--to", server.baseURL, "--faults", "GET \(fault.path)=\(fault.rawValue)", "--fault-rate", "1",
                    "--delay", "0.2",
                ], home: home.url))
        let run = try await Binary.run(
            [fault.screen, "--base-url", proxy.baseURL, "--format", "json", "--timeout", "5"], home: home.url)
        let proxyRun = await proxy.stop()
        _ = await server.stop()

        #expect(signIn.status == 0)
        #expect(proxyRun.stderr.contains("\(fault.rawValue) on GET \(fault.path)"), "\(proxyRun.stderr)")
        #expect(run.status == fault.exitCode, "\(run.stdout)\(run.stderr)")
        let journey = try steps(of: run)
        if let shows = fault.journeyShows {
            #expect(journey.contains(shows), "\(fault): \(journey)")
        } else {
            #expect(journey.isEmpty, "\(fault): \(journey)")
        }
    }

    // MARK: - Helpers

    private func object(_ run: ExecutableRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    private func outcome(of run: ExecutableRun) throws -> String? {
        try object(run)["outcome"] as? String
    }

    private func receiptID(of run: ExecutableRun) throws -> String? {
        ((try object(run)["state"] as? [String: Any])?["receipt"] as? [String: Any])?["id"] as? String
    }

    /// The journey, one `action from → to` line a step.
    private func steps(of run: ExecutableRun) throws -> String {
        let journey = try #require(try object(run)["journey"] as? [[String: Any]])
        return journey.map { "\($0["action"] ?? "") \($0["from"] ?? "") → \($0["to"] ?? "")" }.joined(separator: "\n")
    }
}

/// A fault kind as a screen meets it through the proxy.
enum ProxiedFault: String, CaseIterable, CustomTestStringConvertible {
    case serverError = "500"
    case unavailable = "503"
    case rateLimited = "429"
    case expiredToken = "token_expired"
    case slow
    case dropAnswer = "drop-answer"
    case malformed
    case missingField = "missing-field"
    case errorIn200 = "error-in-200"

    var testDescription: String { rawValue }

    var path: String { self == .errorIn200 ? "/v1/payment-cards" : "/v1/wallet" }
    var screen: String { self == .errorIn200 ? "payments" : "wallet" }

    /// At rate 1 every attempt meets the fault: what the run ends as.
    var exitCode: Int32 {
        switch self {
        case .slow, .errorIn200: 0  // the answer comes late; the payments screen leaves the cards out
        case .dropAnswer, .malformed: 3  // no call got a contract answer: the backend could not be used
        default: 1  // presented, or (token_expired again after the refresh) routed to sign-in
        }
    }

    /// A piece of the journey that shows how the app met it; `nil`: no error on the way.
    var journeyShows: String? {
        switch self {
        case .serverError: "retried HTTPClientError.server(500)"
        case .unavailable: "retried HTTPClientError.server(503)"
        case .rateLimited: "retried HTTPClientError.tooManyRequests"
        case .expiredToken: "recovered HTTPClientError.unauthorized(token_expired)"
        case .slow: nil
        case .dropAnswer: "retried HTTPClientError.connectionLost"
        case .malformed: "DecodingFailure.invalid((root))"
        case .missingField: "DecodingFailure.missing(balance)"
        case .errorIn200: "HTTPClientError.errorEnvelope(SERVICE_DOWN) → PaymentCardsRepositoryError.serviceDown"
        }
    }
}
