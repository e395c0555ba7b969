import Foundation
import TestSupport
import Testing

/// The proxy streams what passes through it: a 512 MiB body from a backend of another kind reaches a client that
/// reads and discards it, whole, while the proxy's peak resident size (`VmHWM`) stays under 100 MB. CI runs this
/// suite against the release build too (`ERRORFLOW_BINARY`, the memory proof's step); it is skipped under the thread
/// sanitizer, whose shadow memory is not the proxy's.
@Suite(
    "The proxy's memory is bounded whatever passes through it", .serialized,
    .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .disabled(if: ThreadSanitizer.isLoaded, "the thread sanitizer's shadow memory is not the proxy's"))
struct ProxyMemoryProofTests {
    /// The bound, in kilobytes as `/proc/PID/status` counts them.
    static let boundKB = 100 * 1000

    @Test func a512MiBBodyStreamsThroughTheProxyUnder100MB() async throws {
        let target = try await PythonTarget.start()
        let proxy = try #require(
            try await ProxyProcess<AppExecutable>.start(["--to", target.baseURL, "--fault-rate", "0"]))
        let length = await PythonTarget.fetchLength(proxy.baseURL + "/huge?mib=512")
        let peak = peakResidentKilobytes(of: proxy.running.process.processIdentifier)
        _ = await proxy.stop()
        await target.stop()

        #expect(length == 512 << 20, "the whole body came through")
        let kilobytes = try #require(peak, "/proc gave no peak")
        #expect(kilobytes <= Self.boundKB, "\(kilobytes) KB at the peak")
    }
}
