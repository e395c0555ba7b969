import Decoding
import Domain
import Foundation
import Networking
import PaymentsFeature
import TestSupport
import Testing

/// Quality bar 14: seeded mutations of the wallet and cards payloads never crash the decoders; each ends as a
/// domain value with a report, or as a typed `DecodingFailure`. `ERRORFLOW_FUZZ_COUNT=100000` for the full run.
@Suite("Fuzzing the payments API models", .timeLimit(.minutes(10 * TestSlowdown.factor)))
struct PaymentsFuzzingTests {
    @Test(arguments: [1 as UInt64, 2])
    func cardsEnvelope(seed: UInt64) {
        var mutator = JSONMutator(
            seed: seed, payloads: [Bodies.twoCards, Bodies.cards([Bodies.card("c-9", "amex", "0005", 12)])])
        var outcomes = FuzzOutcomes()
        for _ in 0..<FuzzBudget.count / 2 {
            let payload = mutator.next()
            let result = outcome(of: DecodingFailure.self, try PaymentCardsDecoder.decode(payload))
            let again = outcome(of: DecodingFailure.self, try PaymentCardsDecoder.decode(payload))
            #expect(
                result.value?.value == again.value?.value && result.value?.report == again.value?.report
                    && result.error == again.error, "the same bytes decode the same way twice")
            switch result {
            case .success(let decoded):
                outcomes.decoded += 1
                for card in decoded.value {
                    #expect(card.last4.count == 4 && card.last4.allSatisfy(\.isNumber), "\(card)")
                    #expect((1...12).contains(card.expiryMonth))
                    #expect(CardBrand.allCases.contains(card.brand))
                }
                outcomes.check(decoded.report)
            case .failure(let failure):
                outcomes.failed += 1
                outcomes.check(failure)
            }
        }
        #expect(outcomes.decoded > 0 && outcomes.failed > 0, "the mutations reach both ends: \(outcomes)")
    }

    @Test(arguments: [3 as UInt64, 4])
    func wallet(seed: UInt64) {
        var mutator = JSONMutator(seed: seed, payloads: [Bodies.wallet, Bodies.walletInReview("being_processed")])
        var outcomes = FuzzOutcomes()
        for _ in 0..<FuzzBudget.count / 2 {
            let payload = mutator.next()
            switch outcome(of: DecodingFailure.self, try WalletDecoder.decode(payload)) {
            case .success(let decoded):
                outcomes.decoded += 1
                if case .success(let wallet) = decoded.value {
                    #expect(!wallet.id.isEmpty)
                    #expect(wallet.balance.currency.count == 3)
                }
                outcomes.check(decoded.report)
            case .failure(let failure):
                outcomes.failed += 1
                outcomes.check(failure)
            }
        }
        #expect(outcomes.decoded > 0 && outcomes.failed > 0, "\(outcomes)")
    }
}

/// What a fuzz run saw, and the checks every outcome must pass.
struct FuzzOutcomes: CustomStringConvertible {
    var decoded = 0
    var failed = 0

    /// Reports name key paths and kinds, never the odd values the mutator planted.
    func check(_ report: DecodingReport) {
        for defect in report.defects {
            #expect(!defect.keyPath.isEmpty)
            #expect(!defect.keyPath.contains("🙂") && !defect.keyPath.contains("xxxxx"), "\(defect.keyPath)")
            #expect(!defect.detail.contains("🙂") && !defect.detail.contains("not a url"), "\(defect.detail)")
        }
    }

    func check(_ failure: DecodingFailure) {
        #expect(failure.kind == .missing || failure.kind == .invalid)
        #expect(!failure.keyPath.isEmpty)
    }

    var description: String { "\(decoded) decoded, \(failed) typed failures" }
}
