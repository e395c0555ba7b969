import Benchmark
import CardPayloads
import Foundation
import PaymentsFeature

/// Quality bar 18: lenient decoding with a full report against the floor, strict `JSONDecoder` into plain
/// Codable structs, on the same payloads, from 10 to 10,000 cards.
///
/// The machine's speed drifts between time windows, so variants timed in windows of their own do not compare.
/// Here each iteration of a benchmark is one repetition that times every variant on its payload, interleaved
/// (round after round of one decode each) and in an order that rotates from one repetition to the next; the
/// ratios lenient/strict are taken within the repetition and reported as custom metrics, so the percentiles
/// below are percentiles of per-repetition ratios.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: RatioMetric.all, units: RatioMetric.units, warmupIterations: 3, maxDuration: .seconds(12),
        maxIterations: 300)

    for count in [10, 100, 1_000, 10_000] {
        let clean = CardPayload.cards(count, defective: false)
        let defective = CardPayload.cards(count, defective: true)
        let variants = [
            Variant { blackHole(try JSONDecoder().decode(StrictEnvelope.self, from: clean)) },
            Variant { blackHole(try PaymentCardsDecoder.decode(clean)) },
            Variant { blackHole(try PaymentCardsDecoder.decode(defective)) },
        ]
        // Rounds per repetition: about 1,000 cards per variant, so a small payload is timed over many decodes.
        let rounds = max(1, 1_000 / count)

        Benchmark("ratios, \(count) cards") { benchmark in
            let first = benchmark.currentIteration % variants.count
            let order = variants.indices.map { (first + $0) % variants.count }
            var elapsed = [Duration](repeating: .zero, count: variants.count)
            for _ in 0..<rounds {
                for index in order {
                    elapsed[index] += try variants[index].timed()
                }
            }
            let strict = elapsed[0]
            benchmark.measurement(RatioMetric.cleanRatio, permille(elapsed[1], of: strict))
            benchmark.measurement(RatioMetric.defectiveRatio, permille(elapsed[2], of: strict))
            benchmark.measurement(RatioMetric.strictTime, nanoseconds(strict, per: rounds))
            benchmark.measurement(RatioMetric.cleanTime, nanoseconds(elapsed[1], per: rounds))
            benchmark.measurement(RatioMetric.defectiveTime, nanoseconds(elapsed[2], per: rounds))
        }
    }

    // Allocations do not drift: counted per variant, a few iterations each.
    let allocations = Benchmark.Configuration(
        metrics: [.mallocCountTotal], units: [:], warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 5)
    for count in [10, 100, 1_000, 10_000] {
        let clean = CardPayload.cards(count, defective: false)
        let defective = CardPayload.cards(count, defective: true)
        Benchmark("allocations: strict JSONDecoder, \(count) clean cards", configuration: allocations) { _ in
            blackHole(try JSONDecoder().decode(StrictEnvelope.self, from: clean))
        }
        Benchmark("allocations: lenient with reports, \(count) clean cards", configuration: allocations) { _ in
            blackHole(try PaymentCardsDecoder.decode(clean))
        }
        Benchmark("allocations: lenient with reports, \(count) cards, 10% defective", configuration: allocations) {
            _ in
            blackHole(try PaymentCardsDecoder.decode(defective))
        }
    }
}

/// One decoder on one payload.
struct Variant {
    let decode: () throws -> Void

    init(_ decode: @escaping () throws -> Void) {
        self.decode = decode
    }

    /// How long one decode took.
    func timed() throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try decode()
        return clock.now - start
    }
}

/// The metrics of the ratio benchmarks: custom metrics are integers, so ratios are in thousandths.
enum RatioMetric {
    static let cleanRatio = BenchmarkMetric.custom("clean lenient/strict ‰", useScalingFactor: false)
    static let defectiveRatio = BenchmarkMetric.custom("10% defective lenient/strict ‰", useScalingFactor: false)
    static let strictTime = BenchmarkMetric.custom("strict ns per decode", useScalingFactor: false)
    static let cleanTime = BenchmarkMetric.custom("lenient clean ns per decode", useScalingFactor: false)
    static let defectiveTime = BenchmarkMetric.custom("lenient 10% defective ns per decode", useScalingFactor: false)

    static var all: [BenchmarkMetric] { [cleanRatio, defectiveRatio, strictTime, cleanTime, defectiveTime] }
    static var units: [BenchmarkMetric: BenchmarkUnits] {
        Dictionary(uniqueKeysWithValues: all.map { ($0, BenchmarkUnits.count) })
    }
}

/// `part` over `whole`, in thousandths.
func permille(_ part: Duration, of whole: Duration) -> Int {
    Int((seconds(part) / seconds(whole) * 1_000).rounded())
}

/// `total` divided by `count`, in whole nanoseconds.
func nanoseconds(_ total: Duration, per count: Int) -> Int {
    Int((seconds(total) * 1e9 / Double(count)).rounded())
}

func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
}
