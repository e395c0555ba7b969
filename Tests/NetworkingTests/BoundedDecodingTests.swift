import Decoding
import Foundation
import TestSupport
import Testing

@testable import Networking

/// Promise: decoding memory is bounded whatever the body holds. A lossy list keeps the first
/// `DecodingReport.limit` defects, each with its exact key path, and only counts the rest; a body of more JSON
/// values than `LenientJSONDecoder.valueLimit` is refused before the decoder builds anything for it.
///
/// Roads to breaking it, each held here or by the memory proof (`AppTests.MemoryProofTests`): a defect (key path,
/// detail, coding path, error value) kept per broken element; the defects of kept elements outside the bound;
/// the count lost on the way to the report; a list reserving what the body announces; the decoder's own map of a
/// body of millions of values; a decorator parsing the whole body before the decoder does (the envelope, the
/// error body, the check that the answer is JSON).
@Suite("Decoding is bounded whatever the body holds", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct BoundedDecodingTests {
    private let decoder = LenientJSONDecoder()

    @Test func tenThousandBrokenElementsKeepTheFirstTwentyDefectsWithTheirPathsAndCountTheRest() throws {
        let body = #"{"cards":["# + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]}"

        let decoded = try decoder.decode(BoundedCards.self, from: Data(body.utf8))

        #expect(decoded.value.cards.elements.isEmpty)
        #expect(decoded.report.defects.map(\.keyPath) == (0..<20).map { "cards[\($0)]" })
        #expect(decoded.report.defects.allSatisfy { $0.kind == .invalid })
        #expect(decoded.report.omitted == 9_980)
        #expect(decoded.report.count == 10_000)
    }

    @Test func theDefectsOfKeptElementsShareTheBound() throws {
        let cards = (0..<30).map { #"{"id":"c\#($0)","brand":"diners"}"# }
        let body = #"{"cards":["# + cards.joined(separator: ",") + "]}"

        let decoded = try decoder.decode(BoundedCards.self, from: Data(body.utf8))

        #expect(decoded.value.cards.elements.count == 30, "every card is kept")
        #expect(decoded.report.defects.map(\.keyPath) == (0..<20).map { "cards[\($0)].brand" })
        #expect(decoded.report.omitted == 10)
    }

    @Test func aBrokenElementAfterTheBoundIsCountedNotListed() throws {
        let elements = (0..<25).map { $0 == 24 ? "-1" : "1" }
        let broken = (0..<20).map { _ in "{}" }
        let body = "[" + (broken + elements).joined(separator: ",") + "]"

        let decoded = try decoder.decode(LossyList<VetoedNumber>.self, from: Data(body.utf8))

        #expect(decoded.value.defects.map(\.keyPath) == (0..<20).map { "[\($0)]" }, "the list itself keeps 20")
        #expect(decoded.value.omittedDefects == 1, "element 44 is counted")
        #expect(decoded.report.defects.count == 20 && decoded.report.omitted == 1)
        #expect(decoded.value.elements.count == 24)
    }

    @Test func aBodyOfAsManyValuesAsTheLimitIsRead() throws {
        // The list itself is one value.
        let count = LenientJSONDecoder.valueLimit - 1
        let body = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"

        let decoded = try decoder.decode(LossyList<VetoedNumber>.self, from: Data(body.utf8))

        #expect(decoded.value.elements.count == count)
    }

    @Test func aBodyOfOneValueMoreThanTheLimitIsRefusedBeforeItIsParsed() {
        let body = "[" + Array(repeating: "1", count: LenientJSONDecoder.valueLimit).joined(separator: ",") + "]"

        #expect(throws: DecodingFailure(keyPath: "(root)", kind: .invalid, detail: "more than 500000 values; not read"))
        {
            try decoder.decode(LossyList<VetoedNumber>.self, from: Data(body.utf8))
        }
    }

    @Test(arguments: [
        (#"[1,-2.5e+3,true,false,null]"#, 6),
        (#"{"a\"b":"c\\","d":[{}]}"#, 6),
        (#"["[{,:}]","{"]"#, 3),
        ("  7  ", 1),
        ("[]", 1),
    ])
    func countsEveryValueOnceAndNothingInsideAString(_ body: String, _ values: Int) {
        #expect(JSONValueCount.isAtMost(values, in: Data(body.utf8)))
        #expect(!JSONValueCount.isAtMost(values - 1, in: Data(body.utf8)))
    }

    @Test func aReportKeepsTheFirstTwentyDefectsAndCountsTheRestAndNoCountOverflows() {
        let defects = (0..<25).map { DecodingDefect(keyPath: "k\($0)", kind: .missing, detail: "") }

        let report = DecodingReport(defects: defects, omitted: 3)
        let huge = DecodingReport(defects: defects, omitted: Int.max)

        #expect(report.defects.map(\.keyPath) == (0..<20).map { "k\($0)" })
        #expect(report.omitted == 8)
        #expect(huge.omitted == ReportCount.maximum)
        #expect(!DecodingReport(defects: [], omitted: 1).isClean, "a report that only counts is no clean report")
    }
}

/// The cards of a body, as a model holding a lossy list passes the list's count on.
private struct BoundedCards: Decodable, DefectReporting {
    let cards: LossyList<NovelCard>
    var defects: [DecodingDefect] { cards.defects }
    var omittedDefects: Int { cards.omittedDefects }
}

/// A card with an id and a brand that may be novel (one defect each).
private struct NovelCard: Decodable, DefectReporting {
    enum Brand: String, Decodable { case visa, other }

    let id: String
    let brand: Brand
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, brand }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        id = try container.requiredIdentifier(forKey: .id)
        brand = container.withFallback(Brand.self, forKey: .brand, fallback: .other, defects: &defects)
        self.defects = defects
    }
}

/// A number that is refused when negative, by a check of its own.
private struct VetoedNumber: Decodable, DefectReporting {
    struct Vetoed: Error {}
    let value: Int
    var defects: [DecodingDefect] { [] }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        if value < 0 { throw Vetoed() }
    }
}
