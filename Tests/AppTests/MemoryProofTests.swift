import Composition
import Foundation
import SharedError
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backend that floods, bombs or trickles cannot make the app take more than 64 MB: the binary's peak resident
/// size, as `/usr/bin/time` reads it, with a body of 512 MiB, a gzip body that inflates to 512 MiB, and a body that
/// never ends. And decoding memory is bounded whatever a body under the transport's 4 MiB holds: a cards body of
/// two million broken elements (or as many as the decoder reads) keeps the run under 128 MB and leaves a small
/// outbox. CI runs this suite against the release build too (`ERRORFLOW_BINARY`). Under the thread sanitizer the
/// suite is skipped: its shadow memory alone takes a plain run past 100 MB, so the bound says nothing there.
@Suite(
    "Memory is bounded whatever the backend sends", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .disabled(if: ThreadSanitizer.isLoaded, "the thread sanitizer's shadow memory is not the app's"))
struct MemoryProofTests {
    /// The bound, in kilobytes as `time` counts them.
    static let boundKB = 64 * 1000

    @Test(arguments: Flood.allCases)
    func theProcessStaysUnder64MB(_ flood: Flood) async throws {
        let bomb = flood == .gzipBomb ? Gzip.zeros(count: 512 << 20) : Data()
        let server = try await LoopbackServer.start { request in
            guard request.path == "/v1/auth/apple" else { return .json(404, #"{"error":"not_found"}"#) }
            return flood.answer(bomb: bomb)
        }

        let run = try await Binary.run(
            [
                "signin", "--base-url", server.baseURL.absoluteString, "--answer", "approve", "--trace", "--timeout",
                "3",
            ],
            launcher: ["/usr/bin/time", "-f", "peak-rss-kb %M"])
        await server.stop()

        let peak = try #require(
            run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
                .flatMap { Int($0.dropFirst("peak-rss-kb ".count)) }, "\(run.stderr)")
        #expect(peak <= Self.boundKB, "\(flood): \(peak) KB at the peak")
        #expect(run.stdout.contains(flood.journey), "the journey tells what happened: \(run.stdout)")
    }

    /// The bound for decoding a body the transport took whole, in kilobytes as `time` counts them.
    static let decodingBoundKB = 128 * 1000

    /// Promise: decoding memory is bounded whatever the body holds. The body is whole and under 4 MiB, so only the
    /// decode (and whatever reads the body before it) can grow with its elements; the client report it makes waits
    /// in the outbox (the report endpoint answers 503), so the outbox's size shows the report stayed small.
    @Test(arguments: BrokenCards.allCases)
    func aCardsBodyOfBrokenElementsStaysUnder128MBAndLeavesASmallOutbox(_ cards: BrokenCards) async throws {
        let body = cards.body
        let server = try await LoopbackServer.start { request in
            switch request.path {
            case "/v1/auth/apple":
                .json(
                    200,
                    #"{"accessToken":"at-memory-proof","refreshToken":"rt-memory-proof","expiresIn":600,"user":{"id":"u-1","name":"Ada","email":"ada@example.test"}}"#
                )
            case "/v1/payment-cards": ScriptedResponse(headers: [("Content-Type", "application/json")], body: body)
            case "/v1/wallet": .json(200, #"{"id":"w-1","balance":{"amount":31.4,"currency":"CHF"},"status":"active"}"#)
            default: .json(503, #"{"error":"service_unavailable","message":"later"}"#)
            }
        }
        let home = TemporaryFolder()
        let url = server.baseURL.absoluteString
        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")

        let run = try await Binary.run(
            ["payments", "--base-url", url, "--trace", "--timeout", "60"], home: home.url,
            launcher: ["/usr/bin/time", "-f", "peak-rss-kb %M"])
        await server.stop()

        let peak = try #require(
            run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
                .flatMap { Int($0.dropFirst("peak-rss-kb ".count)) }, "\(run.stderr)")
        #expect(peak <= Self.decodingBoundKB, "\(cards): \(peak) KB at the peak")
        for line in cards.journey {
            #expect(run.stdout.contains(line), "the journey tells what happened: \(run.stdout.prefix(3_000))")
        }
        let outbox = home.url.appendingPathComponent("state/errorflow/report-outbox.json")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: outbox.path)[.size] as? Int)
        #expect(size <= 16 * 1024, "\(cards): the outbox holds \(size) bytes")
        #expect(
            try String(contentsOf: outbox, encoding: .utf8).contains("payment-cards"),
            "the client report waits there")
    }

    /// Promise: the proxy question's answer is read within its own small bound, even from the registered proxy. A
    /// server that holds a running registration's secret answers `GET /_proxy/target` with the proof and 4 MB of
    /// JSON (under the transport's 4 MiB; parsed whole, it takes a run past 290 MB): the run stays under 64 MB.
    @Test func aProxysAnswerOf4MBIsNotReadWhole() async throws {
        let padding = String(repeating: "0,", count: 2_000_000)
        let flood = #"{"target":"http://127.0.0.1:9","x":["# + padding + "0]}"
        let registration = LockedState<ProxyRegistration?>(nil)
        let server = try await LoopbackServer.start { request in
            guard request.path == "/_proxy/target", let held = registration.withLock({ $0 }) else {
                return .json(404, #"{"error":{"code":"not_found","message":"no"}}"#)
            }
            let proof = held.proof(of: request.header("ErrorFlow-Proxy-Challenge") ?? "")
            return .json(200, flood, headers: [("ErrorFlow-Proxy", proof)])
        }
        let home = TemporaryFolder()
        let registered = ProxyRegistration.new(
            target: try #require(URL(string: "http://127.0.0.1:9")), listen: server.baseURL)
        registration.withLock { $0 = registered }
        try ProxyRegistry(folder: home.url.appendingPathComponent("state/errorflow/proxies")).register(registered)

        let run = try await Binary.run(
            ["payments", "--base-url", server.baseURL.absoluteString, "--timeout", "3"], home: home.url,
            launcher: ["/usr/bin/time", "-f", "peak-rss-kb %M"])
        let asked = server.requests.contains { $0.path == "/_proxy/target" }
        await server.stop()

        let peak = try #require(
            run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
                .flatMap { Int($0.dropFirst("peak-rss-kb ".count)) }, "\(run.stderr)")
        #expect(asked, "the registered port was asked")
        #expect(flood.utf8.count > 4_000_000)
        #expect(peak <= Self.boundKB, "\(peak) KB at the peak")
    }

    /// A cards body under 4 MiB whose every element is broken.
    enum BrokenCards: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `{"status":"o\u006b","cards":[1,1,1,…]}`: two million numbers, 4 MiB.
        case twoMillionNumbers
        /// `[{},{},…]`: 1.4 million empty objects, 4 MiB.
        case fourMiBOfEmptyObjects
        /// One value fewer than the decoder reads: every element is decoded, dropped and counted.
        case asManyEmptyObjectsAsTheDecoderReads

        var testDescription: String { rawValue }

        var body: Data {
            let (element, count): (String, Int) =
                switch self {
                case .twoMillionNumbers: ("1", 2_000_000)
                case .fourMiBOfEmptyObjects: ("{}", 1_390_000)
                // The envelope, its `status` key and value and its `cards` key and list are five values.
                case .asManyEmptyObjectsAsTheDecoderReads: ("{}", 500_000 - 5)
                }
            // `ok` written with an escape, so that the envelope check reads these bodies too (it passes on unread a
            // body with neither a backslash nor `"error"` in it).
            var data = Data(#"{"status":"o\u006b","cards":["#.utf8)
            data.reserveCapacity(count * (element.utf8.count + 1) + 32)
            let piece = Data((element + ",").utf8)
            for _ in 0..<(count - 1) { data.append(piece) }
            data.append(Data((element + "]}").utf8))
            return data
        }

        /// What the journey must say.
        var journey: [String] {
            switch self {
            case .twoMillionNumbers, .fourMiBOfEmptyObjects:
                ["(root) invalid → client report for /v1/payment-cards", "DecodingFailure.invalid((root))"]
            case .asManyEmptyObjectsAsTheDecoderReads:
                [
                    "cards[19].id missing → client report for /v1/payment-cards",
                    "499975 more defects → client report for /v1/payment-cards, counted, not listed",
                ]
            }
        }
    }

    enum Flood: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// 512 MiB, chunked, so only the bytes themselves tell its length.
        case chunked512MiB
        /// 3.4 MB of gzip that inflates to 512 MiB.
        case gzipBomb
        /// One byte every 50 ms, forever.
        case trickle

        var testDescription: String { rawValue }

        /// What the journey must say.
        var journey: String {
            switch self {
            case .chunked512MiB: "body over 4194304 bytes, cut off as it streamed → HTTPClientError.bodyTooLarge"
            case .gzipBomb: "a compressed body that inflates past 4194304 bytes → HTTPClientError.bodyTooLarge"
            case .trickle: "deadline passed during transfer → HTTPClientError.timedOut"
            }
        }

        func answer(bomb: Data) -> ScriptedResponse {
            switch self {
            case .chunked512MiB:
                let piece = Data(repeating: 0x7B, count: 64 * 1024)
                return .produced { send in
                    for _ in 0..<(512 * 16) { try await send(piece) }
                }
            case .gzipBomb:
                return ScriptedResponse(headers: [("Content-Encoding", "gzip")], body: bomb)
            case .trickle:
                return .produced { send in
                    while true {
                        try await send(Data("{".utf8))
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
            }
        }
    }
}

/// Whether this process runs under the thread sanitizer (`swift test --sanitize=thread`), whose runtime is then
/// linked in; the binaries the tests start are built the same way.
enum ThreadSanitizer {
    static let isLoaded: Bool = {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        return dlsym(program, "__tsan_init") != nil
    }()
}
