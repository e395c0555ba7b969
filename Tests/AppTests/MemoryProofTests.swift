import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backend that floods, bombs or trickles cannot make the app take more than 64 MB: the binary's peak resident
/// size, as `/usr/bin/time` reads it, with a body of 512 MiB, a gzip body that inflates to 512 MiB, and a body that
/// never ends. CI runs this suite against the release build too (`ERRORFLOW_BINARY`). Under the thread sanitizer
/// the suite is skipped: its shadow memory alone takes a plain run past 100 MB, so the bound says nothing there.
@Suite(
    "Memory is bounded whatever the backend sends", .serialized, .timeLimit(.minutes(3)),
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
