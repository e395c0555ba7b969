import CardPayloads
import Foundation
import Networking
import PaymentsFeature

// A standalone run of one decoder for `perf record`, without the benchmark harness around it:
//
//     DecodingProfile strict|lenient|defective [cards] [decodes]
//
// `strict` decodes the clean payload with JSONDecoder into plain structs, `lenient` decodes it with the
// production parser, `defective` decodes the 10%-defective payload with the production parser.

let arguments = CommandLine.arguments.dropFirst()
let variant = arguments.first ?? "lenient"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
let decodes = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 2_000
let payload = CardPayload.cards(count, defective: variant == "defective")

var kept = 0
var defects = 0
let clock = ContinuousClock()
let started = clock.now
for _ in 0..<decodes {
    switch variant {
    case "strict":
        kept &+= try JSONDecoder().decode(StrictEnvelope.self, from: payload).cards.count
    case "lenient", "defective":
        let decoded = try PaymentCardsDecoder.decode(payload)
        kept &+= decoded.value.count
        defects &+= decoded.report.defects.count
    default:
        fatalError("usage: DecodingProfile strict|lenient|defective [cards] [decodes]")
    }
}
let elapsed = clock.now - started
print(
    "\(variant), \(count) cards × \(decodes): \(elapsed / max(decodes, 1)) per decode;",
    "kept \(kept / max(decodes, 1)), defects \(defects / max(decodes, 1))")
