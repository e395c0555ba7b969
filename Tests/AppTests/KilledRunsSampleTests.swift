import Foundation
import SharedError
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sample of real processes killed (SIGKILL) at a random moment of a transfer, the backend's answer lost or not,
/// then the same transfer run again: the backend makes it at most once, and once the run again is answered, exactly
/// once. The in-process property run (`AtMostOncePropertyTests`) cancels at every suspension; this samples what only
/// a real kill does (nothing after it runs, no `defer`, no last write). `ERRORFLOW_KILL_SAMPLES` sets how many
/// (3 by default); the seed is printed.
@Suite("Killed runs, sampled", .serialized, .timeLimit(.minutes(6 * TestSlowdown.factor)))
struct KilledRunsSampleTests {
    @Test func aTransferKilledAtAnyMomentIsMadeAtMostOnceAndOnceWhenRunAgain() async throws {
        let samples = TestBudget.count("ERRORFLOW_KILL_SAMPLES", short: 3)
        let seed =
            ProcessInfo.processInfo.environment["ERRORFLOW_KILL_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        print("kill sample seed: \(seed) (ERRORFLOW_KILL_SEED=\(seed)), \(samples) samples")
        var random = SplitMix64(seed: seed)
        for sample in 1...samples {
            let fault: FaultyProxy.Fault? = [nil, .hold, .emptyReply][Int(random.next() % 3)]
            let delay = 50 + Int(random.next() % 1_200)
            let label =
                "sample \(sample) of seed \(seed): \(fault.map { "\($0)" } ?? "no fault"), killed after \(delay) ms"

            let backend = try await ContractBackend.start()
            let proxy = try FaultyProxy(upstream: backend.baseURL)
            let home = TemporaryFolder()
            let url = proxy.baseURL.absoluteString
            let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
            #expect(signIn.status == 0, "\(label): \(signIn.stderr)")
            if let fault { proxy.failNext("POST /v1/transfers", with: fault) }
            let command = [
                "transfer", "--base-url", url, "--to", "CH93 0076 2011 6238 5295 7", "--amount", "7.25", "--timeout",
                "3",
            ]

            let killed = try Binary.start(command, home: home.url)
            try await Task.sleep(for: .milliseconds(delay))
            killed.send(SIGKILL)
            _ = await killed.finish()
            proxy.disarm()
            let madeByTheKilledRun = await backend.transferCount
            let again = try await Binary.run(command, home: home.url)

            #expect(madeByTheKilledRun <= 1, "\(label)")
            #expect(again.status == 0, "\(label): \(again.stdout)\(again.stderr)")
            #expect(await backend.transferCount == 1, "\(label): made once, whatever the kill interrupted")
            proxy.stop()
            await backend.stop()
        }
    }
}
