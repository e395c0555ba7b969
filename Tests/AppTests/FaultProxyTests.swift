import Composition
import Foundation
import Networking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `errorflow-app proxy` in front of a backend of another kind (Python's http.server), as real processes: each fault
/// is what the client gets and what the log says, the draw repeats with its seed, and the proxy listens on loopback
/// only, reaches a TLS backend through a CA file, and answers for a target that is down or stalls.
@Suite(
    "The fault proxy in front of a backend of another kind", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct FaultProxyTests {
    typealias Proxy = ProxyProcess<AppExecutable>

    // MARK: - Listening

    @Test(arguments: ["0.0.0.0", "192.168.1.10", "::", "example.com"])
    func aListenAddressOffThisMachineIsRefused(_ host: String) async throws {
        let run = try await Binary.run(
            ["proxy", "--to", "http://127.0.0.1:9", "--host", host, "--port", "0"], timeLimit: .seconds(30))

        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("is not a loopback address"), "\(run.stderr)")
        #expect(!run.stdout.contains("ErrorFlow proxy on"), "it never listened")
    }

    /// It names its target and proves the challenge with the secret of the registration it left for its user.
    @Test func itNamesTheBackendBehindItWithTheProofAndNeverForwardsThatQuestion() async throws {
        let target = try await PythonTarget.start()
        let home = TemporaryFolder()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL + "/api", "--fault-rate", "1"], home: home.url))
        let port = try #require(URL(string: proxy.baseURL)?.port)
        let registration = try #require(
            ProxyRegistry(folder: home.url.appendingPathComponent("state/errorflow/proxies")).registration(port: port))
        var question = HTTPRequest(method: .get, url: try #require(URL(string: proxy.baseURL + "/_proxy/target")))
        question.headers["ErrorFlow-Proxy-Challenge"] = "c-1"
        let answer = await send(question)
        let unchallenged = await get(proxy.baseURL + "/_proxy/target")
        _ = await proxy.stop()
        await target.stop()

        let response = try #require(answer.value)
        #expect(response.status == 200)
        #expect(response.headers["ErrorFlow-Proxy"] == registration.proof(of: "c-1"))
        #expect(try json(response.body)["target"] as? String == target.baseURL + "/api")
        #expect(unchallenged.value?.headers["ErrorFlow-Proxy"] == nil, "no challenge, no proof")
    }

    // MARK: - Each fault, as the client gets it and as the log says it

    @Test(arguments: [
        ("500", 500, "internal"), ("503", 503, "service_unavailable"), ("429", 429, "rate_limited"),
        ("token_expired", 401, "token_expired"),
    ])
    func aStatusFaultIsAnsweredByTheProxyAndLogged(_ kind: String, _ status: Int, _ code: String) async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL, "--faults", "GET /v1/wallet=\(kind)", "--fault-rate", "1"]))
        let answer = await get(proxy.baseURL + "/v1/wallet", traceparent: Self.traceparent)
        let log = await faults(of: proxy)
        let run = await proxy.stop()
        await target.stop()

        let response = try #require(answer.value)
        #expect(response.status == status)
        #expect(try json(response.body)["error"] as? String == code)
        #expect(response.headers["Retry-After"] == (status == 429 || status == 503 ? "1" : nil))
        #expect(log.map { $0["fault"] as? String } == [kind])
        #expect(log.first?["traceID"] as? String == Self.traceID)
        #expect(run.stderr.contains("fault 1: \(kind) on GET /v1/wallet (trace \(Self.traceID))"), "\(run.stderr)")
    }

    @Test func aSlowAnswerComesWhole() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start([
                "--to", target.baseURL, "--faults", "slow", "--fault-rate", "1", "--delay", "0.1",
            ]))
        let answer = await get(proxy.baseURL + "/v1/wallet")
        let log = await faults(of: proxy)
        _ = await proxy.stop()
        await target.stop()

        #expect(answer.value?.status == 200)
        #expect(try json(try #require(answer.value).body)["id"] as? String == "w-1")
        #expect(log.map { $0["fault"] as? String } == ["slow"])
    }

    @Test func aDroppedAnswerReachesTheBackendButNotTheClient() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start([
                "--to", target.baseURL, "--faults", "POST /v1/transfers=drop-answer", "--fault-rate", "1",
            ]))
        let answer = await send(
            HTTPRequest(
                method: .post, url: try #require(URL(string: proxy.baseURL + "/v1/transfers")),
                headers: ["Content-Type": "application/json"], body: Data(#"{"amount":"1.00"}"#.utf8)))
        let made = await get(target.baseURL + "/count")
        let log = await faults(of: proxy)
        _ = await proxy.stop()
        await target.stop()

        #expect(answer.value == nil, "no answer came: \(String(describing: answer.value?.status))")
        #expect(try json(try #require(made.value).body)["made"] as? Int == 1, "the backend made it")
        #expect(log.map { $0["fault"] as? String } == ["drop-answer"])
        #expect((log.first?["effect"] as? String)?.contains("the backend answered 201") == true)
    }

    @Test(arguments: [
        ("malformed", "not JSON"), ("missing-field", "no balance"), ("error-in-200", "an error envelope"),
    ])
    func aRewrittenAnswerIsWhatTheLogSays(_ kind: String, _ expected: String) async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL, "--faults", "/v1/wallet=\(kind)", "--fault-rate", "1"]))
        let answer = await get(proxy.baseURL + "/v1/wallet")
        let log = await faults(of: proxy)
        _ = await proxy.stop()
        await target.stop()

        let response = try #require(answer.value)
        #expect(response.status == 200)
        #expect(log.map { $0["fault"] as? String } == [kind])
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        switch kind {
        case "malformed":
            #expect(object == nil, "the body is \(String(decoding: response.body, as: UTF8.self))")
        case "missing-field":
            #expect(object?["balance"] == nil && object?["id"] as? String == "w-1")
        default:
            #expect(object?["status"] as? String == "error" && object?["code"] as? String == "SERVICE_DOWN")
        }
    }

    @Test func aRequestNoEntryMatchesPassesUntouched() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL, "--faults", "POST /v1/wallet=500", "--fault-rate", "1"]))
        let answer = await get(proxy.baseURL + "/v1/wallet")
        let log = await faults(of: proxy)
        _ = await proxy.stop()
        await target.stop()

        #expect(answer.value?.status == 200)
        #expect(log.isEmpty)
    }

    // MARK: - The seeded draw

    @Test func theSameSeedGivesTheSameFaultsAndEachIsWhatTheClientGot() async throws {
        let target = try await PythonTarget.start()
        let first = try await faultRun(target: target, seed: 7)
        let second = try await faultRun(target: target, seed: 7)
        let other = try await faultRun(target: target, seed: 8)
        await target.stop()

        #expect(first.log == second.log)
        #expect(first.statuses == second.statuses)
        #expect(first.log != other.log, "another seed draws otherwise")
        #expect((4...16).contains(first.log.count), "about half of the 24 got one: \(first.log)")
        let codes = ["500": 500, "503": 503, "429": 429, "token_expired": 401]
        #expect(first.statuses.filter { $0 != 200 } == first.log.map { codes[$0] ?? 0 }, "each logged fault was got")
    }

    private func faultRun(target: PythonTarget, seed: Int) async throws -> (log: [String], statuses: [Int]) {
        let proxy = try #require(
            try await Proxy.start([
                "--to", target.baseURL, "--faults", "GET /v1/wallet=500,503,429,token_expired", "--fault-rate", "0.5",
                "--seed", String(seed),
            ]))
        var statuses: [Int] = []
        for _ in 0..<24 {
            statuses.append(await get(proxy.baseURL + "/v1/wallet").value?.status ?? -1)
        }
        let log = await faults(of: proxy).compactMap { $0["fault"] as? String }
        _ = await proxy.stop()
        return (log, statuses)
    }

    // MARK: - What the target does

    @Test func aTargetThatIsDownIsAnswered502WithTheContractsErrorBody() async throws {
        let proxy = try #require(try await Proxy.start(["--to", "http://127.0.0.1:\(try closedPort())"]))
        let answer = await get(proxy.baseURL + "/v1/wallet")
        _ = await proxy.stop()

        let response = try #require(answer.value)
        #expect(response.status == 502)
        #expect(try json(response.body)["error"] as? String == "bad_gateway")
    }

    @Test func aStalledTargetIsAnswered504AfterTheTargetTimeout() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL, "--target-timeout", "1", "--fault-rate", "0"]))
        let answer = await get(proxy.baseURL + "/stall")
        _ = await proxy.stop()
        await target.stop()

        #expect(answer.value?.status == 504)
    }

    @Test func headersAndTheQueryAreForwardedButNeverLogged() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await Proxy.start(["--to", target.baseURL, "--faults", "GET /v1/wallet=500", "--fault-rate", "1"]))
        var faulted = HTTPRequest(
            method: .get, url: try #require(URL(string: proxy.baseURL + "/v1/wallet?api_key=sekret-query")))
        faulted.headers["Authorization"] = "Bearer sekret-token"
        faulted.headers["traceparent"] = Self.traceparent
        _ = await send(faulted)
        var passed = HTTPRequest(method: .get, url: try #require(URL(string: proxy.baseURL + "/headers?q=sekret-q")))
        passed.headers["Authorization"] = "Bearer sekret-token"
        let echoed = await send(passed)
        let run = await proxy.stop()
        await target.stop()

        let seen = try json(try #require(echoed.value).body)
        #expect((seen["names"] as? [String])?.contains("authorization") == true)
        #expect(seen["query"] as? String == "q=sekret-q")
        #expect(run.stderr.contains("fault 1: 500 on GET /v1/wallet"), "\(run.stderr)")
        #expect(!run.stderr.contains("sekret") && !run.stdout.contains("sekret"), "\(run.stderr)")
    }

    @Test func aRequestThatIsNotHTTPIsAnswered400AndTheProxyGoesOn() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(try await Proxy.start(["--to", target.baseURL, "--fault-rate", "0"]))
        let port = try #require(URL(string: proxy.baseURL)?.port)
        let answer = await offThePool { Self.exchange("NOT HTTP AT ALL\r\n\r\n", port: port) }
        let after = await get(proxy.baseURL + "/v1/wallet")
        _ = await proxy.stop()
        await target.stop()

        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(after.value?.status == 200, "the proxy still forwards")
    }

    /// Sends `text` on a fresh connection to 127.0.0.1:`port` and returns what comes back until the connection
    /// closes (at most 64 KiB, 10 s).
    private static func exchange(_ text: String, port: Int) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return "" }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65536 {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    // MARK: - TLS

    @Test(.disabled(if: !PythonTarget.makesCertificates, "python3's cryptography is missing (install-ci-tools.sh)"))
    func aTLSBackendWithItsOwnCAIsReachedThroughTheCAFile() async throws {
        let folder = TemporaryFolder()
        let target = try await PythonTarget.start(tlsFolder: folder.url)
        let ca = folder.url.appendingPathComponent("ca.pem").path
        let trusting = try #require(
            try await Proxy.start(["--to", target.baseURL, "--ca-file", ca, "--fault-rate", "0"]))
        let through = await get(trusting.baseURL + "/v1/wallet")
        _ = await trusting.stop()
        let doubting = try #require(try await Proxy.start(["--to", target.baseURL, "--fault-rate", "0"]))
        let refused = await get(doubting.baseURL + "/v1/wallet")
        _ = await doubting.stop()
        await target.stop()

        #expect(through.value?.status == 200)
        #expect(try json(try #require(through.value).body)["id"] as? String == "w-1")
        #expect(refused.value?.status == 502, "a certificate nobody vouches for is not trusted")
    }

    @Test func aCAFileThatHoldsNoCertificateIsAUsageError() async throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("ca.pem")
        try Data("not a certificate".utf8).write(to: file)
        let run = try await Binary.run(
            ["proxy", "--to", "https://127.0.0.1:9", "--ca-file", file.path, "--port", "0"], timeLimit: .seconds(30))

        #expect(run.status == 2)
        #expect(run.stderr.contains("--ca-file \(file.path) cannot be used"), "\(run.stderr)")
    }

    @Test(arguments: [
        ("GET /v1/wallet=frob", "no fault kind named frob"), ("GET v1/wallet=500", "the path must start with /"),
    ])
    func aFaultsValueThatCannotBeReadIsAUsageError(_ value: String, _ says: String) async throws {
        let run = try await Binary.run(
            ["proxy", "--to", "http://127.0.0.1:9", "--faults", value, "--port", "0"], timeLimit: .seconds(30))

        #expect(run.status == 2)
        #expect(run.stderr.contains(says), "\(run.stderr)")
    }

    // MARK: - Helpers

    static let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let traceparent = "00-\(traceID)-00f067aa0ba902b7-01"

    private func get(_ text: String, traceparent: String? = nil) async -> Result<HTTPResponse, HTTPClientError> {
        var request = HTTPRequest(method: .get, url: URL(string: text) ?? URL(fileURLWithPath: "/"))
        if let traceparent { request.headers["traceparent"] = traceparent }
        return await send(request)
    }

    private func send(_ request: HTTPRequest) async -> Result<HTTPResponse, HTTPClientError> {
        await URLSessionHTTPClient().outcome(of: request)
    }

    private func faults(of proxy: Proxy) async -> [[String: Any]] {
        guard let body = await get(proxy.baseURL + "/_proxy/faults").value?.body else { return [] }
        return (try? JSONSerialization.jsonObject(with: body) as? [[String: Any]]) ?? []
    }

    private func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A port nothing listens on: one the system gave and took back.
    private func closedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
