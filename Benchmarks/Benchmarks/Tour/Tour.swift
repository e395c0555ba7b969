// Part of the demo: remove-demo deletes this file.
import Benchmark
import Foundation

/// Quality bar 20: `errorflow tour` end to end (a release build, every scenario, real loopback HTTP).
///
/// Build the binary first: `swift build -c release --product errorflow` (or set ERRORFLOW_BINARY).
let benchmarks: @Sendable () -> Void = {
    let binary =
        ProcessInfo.processInfo.environment["ERRORFLOW_BINARY"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/errorflow").path

    Benchmark(
        "errorflow tour, end to end",
        configuration: .init(
            metrics: [.wallClock, .custom("deliberate waits (ms)"), .custom("tour without deliberate waits (ms)")],
            timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10,
            skip: !FileManager.default.isExecutableFile(atPath: binary))
    ) { benchmark in
        let started = ContinuousClock.now
        let output = try run(binary, ["tour"])
        let elapsed = ContinuousClock.now - started
        let waits = deliberateWaits(in: output)
        let total = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        benchmark.measurement(.custom("deliberate waits (ms)"), waits)
        benchmark.measurement(.custom("tour without deliberate waits (ms)"), total - waits)
    }
}

/// Runs the binary to the end and returns its stdout; a non-zero exit is an error.
func run(_ path: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TourFailed(status: process.terminationStatus) }
    return String(decoding: data, as: UTF8.self)
}

struct TourFailed: Error {
    let status: Int32
}

/// The tour's own account: "… of which 1.88 s were deliberate waits".
func deliberateWaits(in output: String) -> Int {
    guard let range = output.range(of: #"of which [0-9]+\.[0-9]+ s"#, options: .regularExpression) else { return 0 }
    let seconds = output[range].dropFirst("of which ".count).dropLast(2)
    return Int((Double(seconds) ?? 0) * 1000)
}
