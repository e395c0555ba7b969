import AsyncHTTPTransport
import Foundation
import Networking
import TestSupport
import Testing

/// A task that prefers one of the transport's executors runs on that event loop's thread, before and after its
/// calls: no hop between Swift's thread pool and the loop for each call.
@Suite(
    "Calls from a caller executor stay on its event loop", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self/comm"), "thread names as Linux keeps them"))
struct CallerExecutorTests {
    @Test func thereIsOneExecutorPerEventLoopAndEachRunsOnItsOwnLoopThread() async throws {
        let transport = AsyncHTTPClientTransport()
        let executors = transport.callerExecutors

        var threads: [String] = []
        for executor in executors {
            threads.append(await withTaskExecutorPreference(executor) { Self.threadName() })
        }

        #expect(!executors.isEmpty)
        #expect(threads.allSatisfy { $0.hasPrefix("NIO-") }, "\(threads)")
        #expect(Set(threads).count == executors.count, "\(threads)")
        await transport.shutdown()
    }

    @Test func aCallMadeOnALoopsExecutorIsAnsweredOnTheSameThread() async throws {
        let server = try await LoopbackServer.start { _ in .json(200, #"{"ok":true}"#) }
        let transport = AsyncHTTPClientTransport()
        let executor = try #require(transport.callerExecutors.last)

        let (before, status, after) = try await withTaskExecutorPreference(executor) {
            let before = Self.threadName()
            let response = try await transport.send(.getJSON(server.baseURL, "/v1/wallet"))
            return (before, response.status, Self.threadName())
        }

        #expect(status == 200)
        #expect(before.hasPrefix("NIO-"), "\(before)")
        #expect(after == before)
        await transport.shutdown()
        await server.stop()
    }

    /// The name of the thread the caller runs on (SwiftNIO names its loop threads `NIO-…`), as Linux keeps it.
    private static func threadName() -> String {
        let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .newlines) ?? "unknown"
    }
}
