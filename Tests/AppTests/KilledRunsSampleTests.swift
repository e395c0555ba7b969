import Foundation
import SharedError
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sample of real processes killed (SIGKILL) at a random moment of a transfer, the backend's answer lost or not,
/// then the same transfer run again: the backend makes it at most once, and once the run again is answered, exactly
/// once. Every other sample runs through `errorflow-app proxy` (the user's own, registered) and runs again straight at
/// the backend behind it. The in-process property run (`AtMostOncePropertyTests`) cancels at every suspension; this samples what only
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
            let throughOurProxy = random.next() % 2 == 0
            let label =
                "sample \(sample) of seed \(seed): \(fault.map { "\($0)" } ?? "no fault"), killed after \(delay) ms"
                + (throughOurProxy ? ", through errorflow proxy" : "")

            let backend = try await ContractBackend.start()
            let proxy = try FaultyProxy(upstream: backend.baseURL)
            let home = TemporaryFolder()
            var ours: ProxyProcess<AppExecutable>?
            if throughOurProxy {
                let started = try await ProxyProcess<AppExecutable>.start(
                    ["--to", proxy.baseURL.absoluteString, "--fault-rate", "0"], home: home.url)
                let running: ProxyProcess<AppExecutable> = try #require(started, "\(label)")
                ours = running
            }
            let url = ours?.baseURL ?? proxy.baseURL.absoluteString
            let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
            #expect(signIn.status == 0, "\(label): \(signIn.stderr)")
            if let fault { proxy.failNext("POST /v1/transfers", with: fault) }
            let form = ["--to", "CH93 0076 2011 6238 5295 7", "--amount", "7.25", "--timeout", "3"]

            let killed = try Binary.start(["transfer", "--base-url", url] + form, home: home.url)
            try await Task.sleep(for: .milliseconds(delay))
            killed.send(SIGKILL)
            _ = await killed.finish()
            proxy.disarm()
            let madeByTheKilledRun = await backend.transferCount
            // Again as the user would: the same way, or straight at the backend behind their own proxy.
            let again = try await Binary.run(
                ["transfer", "--base-url", proxy.baseURL.absoluteString] + form, home: home.url)
            _ = await ours?.stop()

            #expect(madeByTheKilledRun <= 1, "\(label)")
            #expect(again.status == 0, "\(label): \(again.stdout)\(again.stderr)")
            #expect(await backend.transferCount == 1, "\(label): made once, whatever the kill interrupted")
            proxy.stop()
            await backend.stop()
        }
    }
}
