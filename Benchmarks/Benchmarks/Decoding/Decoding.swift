import Benchmark
import Foundation
import PaymentsFeature

/// Quality bar 18: lenient decoding with a full report against the floor, strict `JSONDecoder` into plain
/// Codable structs, on the same payloads, from 10 to 10,000 cards.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(2),
        maxIterations: 10_000)

    for count in [10, 100, 1_000, 10_000] {
        let clean = Payload.cards(count, defective: false)
        let defective = Payload.cards(count, defective: true)

        Benchmark("strict JSONDecoder, \(count) clean cards") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDecoder().decode(StrictEnvelope.self, from: clean))
            }
        }
        Benchmark("lenient with reports, \(count) clean cards") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try PaymentCardsDecoder.decode(clean))
            }
        }
        Benchmark("lenient with reports, \(count) cards, 10% defective") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try PaymentCardsDecoder.decode(defective))
            }
        }
    }
}

/// The floor: the same payload into plain Codable structs, no validation, no report.
struct StrictEnvelope: Decodable {
    struct Card: Decodable {
        let id: String
        let brand: String
        let last4: String
        let expiryMonth: Int
        let expiryYear: Int
        let holderName: String
    }

    let status: String
    let cards: [Card]
}

enum Payload {
    /// `count` cards; with `defective`, every tenth card breaks the contract, in four different ways (two are
    /// dropped, two are kept with a report).
    static func cards(_ count: Int, defective: Bool) -> Data {
        let cards = (0..<count).map { index -> String in
            let brand = ["visa", "mastercard", "amex"][index % 3]
            guard defective, index % 10 == 9 else {
                return card(
                    index, brand: brand, last4: "4242", month: index % 12 + 1, holder: #","holderName":"Ada Lovelace""#)
            }
            switch index / 10 % 4 {
            case 0: return card(index, brand: brand, last4: "4242", month: 13, holder: #","holderName":"Ada Lovelace""#)
            case 1:
                return #"{"id":"c-\#(index)","brand":"\#(brand)","expiryMonth":4,"expiryYear":2028,"holderName":"Ada"}"#
            case 2:
                return card(index, brand: "diners", last4: "4242", month: 4, holder: #","holderName":"Ada Lovelace""#)
            default: return card(index, brand: brand, last4: "4242", month: 4, holder: "")
            }
        }
        return Data(#"{"status":"ok","cards":[\#(cards.joined(separator: ","))]}"#.utf8)
    }

    private static func card(_ index: Int, brand: String, last4: String, month: Int, holder: String) -> String {
        #"{"id":"c-\#(index)","brand":"\#(brand)","last4":"\#(last4)","expiryMonth":\#(month),"expiryYear":2028\#(holder)}"#
    }
}
