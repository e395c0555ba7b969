import Decoding
import Foundation
import Networking
import TestSupport
import Testing

/// A card as a test API model, built from the building blocks.
private struct CardModel: Decodable, DefectReporting {
    enum Brand: String, Decodable { case visa, mastercard, amex, other }

    let id: String
    let brand: Brand
    let last4: String
    let expiryMonth: Int
    let holderName: String
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, brand, last4, expiryMonth, holderName }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        id = try container.required(FlexibleID.self, forKey: .id).value
        brand = container.withFallback(Brand.self, forKey: .brand, fallback: .other, defects: &defects)
        last4 = try container.required(String.self, forKey: .last4, rule: "not four digits") {
            $0.count == 4 && $0.allSatisfy(\.isNumber)
        }
        expiryMonth = try container.required(Int.self, forKey: .expiryMonth, rule: "not a month") {
            (1...12).contains($0)
        }
        holderName = container.defaulted(String.self, forKey: .holderName, default: "", defects: &defects)
        self.defects = defects
    }
}

private struct CardsModel: Decodable, DefectReporting {
    let cards: LossyList<CardModel>
    var defects: [DecodingDefect] { cards.defects }
}

/// An element whose own check throws an error that is not a `DecodingError`, so only the list knows its index.
private struct VetoedElement: Decodable, DefectReporting {
    struct Vetoed: Error {}
    let value: Int
    var defects: [DecodingDefect] { [] }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        if value < 0 { throw Vetoed() }
    }
}

private struct IdentifiedModel: Decodable, DefectReporting {
    let id: String
    var defects: [DecodingDefect] { [] }

    private enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).requiredIdentifier(forKey: .id)
    }
}

private struct ProfileModel: Decodable, DefectReporting {
    let id: String
    let name: String
    let avatar: URL?
    let defects: [DecodingDefect]

    private enum CodingKeys: String, CodingKey { case id, name, avatarURL }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var defects: [DecodingDefect] = []
        id = try container.required(FlexibleID.self, forKey: .id).value
        name = container.defaulted(String.self, forKey: .name, default: "Unknown", defects: &defects) { !$0.isEmpty }
        avatar = container.lenient(ValidatedURL.self, forKey: .avatarURL, defects: &defects)?.url
        self.defects = defects
    }
}

@Suite("Fail-validated decoding", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct LenientDecodingTests {
    private let decoder = LenientJSONDecoder()

    // Quality bar 11.
    @Test func oneBadElementInAHundredIsDroppedAndReportedWithItsIndex() throws {
        let cards = (0..<100).map { index in card(index, expiryMonth: index == 42 ? "13" : "4") }

        let decoded = try decoder.decode(CardsModel.self, from: json(cards: cards))

        #expect(decoded.value.cards.elements.count == 99)
        #expect(!decoded.value.cards.elements.contains { $0.id == "c-42" })
        #expect(decoded.report.defects.count == 1)
        #expect(decoded.report.defects.first?.keyPath == "cards[42].expiryMonth")
        #expect(decoded.report.defects.first?.kind == .invalid)
    }

    @Test func aMissingRequiredFieldInAnElementNamesItsPath() throws {
        let cards = [card(0), #"{"id":"c-1","brand":"visa","expiryMonth":4}"#, card(2)]

        let decoded = try decoder.decode(CardsModel.self, from: json(cards: cards))

        #expect(decoded.value.cards.elements.map(\.id) == ["c-0", "c-2"])
        #expect(decoded.report.defects.map(\.keyPath) == ["cards[1].last4"])
        #expect(decoded.report.defects.map(\.kind) == [.missing])
    }

    @Test func anElementThatIsNotAnObjectIsDropped() throws {
        let decoded = try decoder.decode(CardsModel.self, from: json(cards: [card(0), "42", "null", card(3)]))

        #expect(decoded.value.cards.elements.map(\.id) == ["c-0", "c-3"])
        #expect(decoded.report.defects.map(\.keyPath) == ["cards[1]", "cards[2]"])
    }

    @Test func anElementRefusedByItsOwnCheckIsReportedAtItsIndex() throws {
        let decoded = try decoder.decode(LossyList<VetoedElement>.self, from: Data("[1,-2,3,-4]".utf8))

        #expect(decoded.value.elements.map(\.value) == [1, 3])
        #expect(decoded.report.defects.map(\.keyPath) == ["[1]", "[3]"])
    }

    @Test(arguments: [#"{"id":""}"#, #"{"id":null}"#, "{}"])
    func anEmptyOrAbsentIdentifierIsNotAnIdentifier(_ body: String) {
        let result = outcome(of: DecodingFailure.self, try decoder.decode(IdentifiedModel.self, from: Data(body.utf8)))

        #expect(result.error?.keyPath == "id", "\(result)")
    }

    @Test(arguments: [(#"{"id":"u-1"}"#, "u-1"), (#"{"id":1234}"#, "1234")])
    func anIdentifierIsAStringOrANumber(_ body: String, _ id: String) throws {
        #expect(try decoder.decode(IdentifiedModel.self, from: Data(body.utf8)).value.id == id)
    }

    // Quality bar 12.
    @Test func missingAndInvalidAreDifferentKindsAndUnknownEnumValuesAreNovel() throws {
        let cards = [
            #"{"id":"c-0","brand":"visa","last4":"4242","expiryMonth":1}"#,
            #"{"id":"c-1","brand":"visa","last4":"4242","expiryMonth":1,"holderName":7}"#,
            #"{"id":"c-2","brand":"diners","last4":"4242","expiryMonth":1,"holderName":"Ada"}"#,
        ]

        let decoded = try decoder.decode(CardsModel.self, from: json(cards: cards))

        #expect(decoded.value.cards.elements.count == 3)
        #expect(decoded.value.cards.elements[2].brand == .other)
        #expect(
            decoded.report.defects.map { "\($0.keyPath) \($0.kind)" } == [
                "cards[0].holderName missing", "cards[1].holderName invalid", "cards[2].brand novel",
            ])
    }

    @Test(arguments: [
        (#"{"name":"Ada"}"#, "id", DefectKind.missing), (#"{"id":null,"name":"Ada"}"#, "id", .missing),
        (#"{"id":"","name":"Ada"}"#, "id", .invalid), (#"{"id":true,"name":"Ada"}"#, "id", .invalid),
        ("not json", "(root)", .invalid), ("[1,2]", "(root)", .invalid),
    ])
    func aRequiredFieldFailsTheWholeDecodeWithItsPath(_ body: String, _ path: String, _ kind: DefectKind) {
        #expect(throws: DecodingFailure.self) {
            try decoder.decode(ProfileModel.self, from: Data(body.utf8))
        }
        do {
            _ = try decoder.decode(ProfileModel.self, from: Data(body.utf8))
        } catch {
            #expect(error.keyPath == path)
            #expect(error.kind == kind)
        }
    }

    @Test(arguments: [(#""u-1""#, "u-1"), ("1234", "1234"), ("0", "0")])
    func identifiersArriveAsStringsOrNumbers(_ raw: String, _ expected: String) throws {
        let decoded = try decoder.decode(ProfileModel.self, from: Data(#"{"id":\#(raw),"name":"Ada"}"#.utf8))

        #expect(decoded.value.id == expected)
    }

    @Test(arguments: [
        ("\"https://cdn.test/a.png\"", true, [String]()), ("\"not a url\"", false, ["avatarURL invalid"]),
        ("\"/relative/path.png\"", false, ["avatarURL invalid"]), ("12", false, ["avatarURL invalid"]),
    ])
    func avatarsMustHaveASchemeAndAHost(_ raw: String, _ kept: Bool, _ defects: [String]) throws {
        let decoded = try decoder.decode(
            ProfileModel.self, from: Data(#"{"id":"u-1","name":"Ada","avatarURL":\#(raw)}"#.utf8))

        #expect((decoded.value.avatar != nil) == kept)
        #expect(decoded.report.defects.map { "\($0.keyPath) \($0.kind)" } == defects)
    }

    @Test func absentOptionalFieldsAreReportedAsMissing() throws {
        let decoded = try decoder.decode(ProfileModel.self, from: Data(#"{"id":7}"#.utf8))

        #expect(decoded.value.name == "Unknown")
        #expect(decoded.value.avatar == nil)
        #expect(decoded.report.defects.map { "\($0.keyPath) \($0.kind)" } == ["name missing", "avatarURL missing"])
    }

    @Test(arguments: [(#""12.50""#, "12.5"), ("12.5", "12.5"), (#""0""#, "0")])
    func amountsArriveAsDecimalStringsOrNumbers(_ raw: String, _ expected: String) throws {
        struct Amount: Decodable { let amount: FlexibleDecimal }

        let decoded = try JSONDecoder().decode(Amount.self, from: Data(#"{"amount":\#(raw)}"#.utf8))

        #expect(decoded.amount.value == Decimal(string: expected))
    }

    @Test func reportsCarryNoValues() throws {
        let secret = "ada-secret@example.com"
        let cards = [#"{"id":"c-1","brand":"\#(secret)","last4":"\#(secret)","expiryMonth":"\#(secret)"}"#]

        let decoded = try decoder.decode(CardsModel.self, from: json(cards: cards))

        let text = decoded.report.defects.map { "\($0.keyPath) \($0.kind) \($0.detail)" }.joined()
        #expect(!text.contains(secret))
        #expect(!decoded.report.isClean)
    }

    // Quality bar 13: one decoder, many concurrent decodes, never a mixed report.
    @Test func concurrentDecodesWithOneDecoderKeepTheirOwnReports() async throws {
        let shared = LenientJSONDecoder()
        let payloads = (0..<100).map { bad in
            json(cards: (0..<20).map { index in card(index, expiryMonth: index == bad % 20 ? "0" : "5") })
        }

        let reports = await withTaskGroup(of: (Int, [String]).self) { group in
            for (bad, payload) in payloads.enumerated() {
                group.addTask {
                    let decoded = try? shared.decode(CardsModel.self, from: payload)
                    return (bad, decoded?.report.defects.map(\.keyPath) ?? ["failed"])
                }
            }
            return await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
        }

        for bad in 0..<100 {
            #expect(reports[bad] == ["cards[\(bad % 20)].expiryMonth"])
        }
    }

    // MARK: - Helpers

    private func card(_ index: Int, expiryMonth: String = "4") -> String {
        #"{"id":"c-\#(index)","brand":"visa","last4":"4242","expiryMonth":\#(expiryMonth),"holderName":"Ada"}"#
    }

    private func json(cards: [String]) -> Data {
        Data(#"{"cards":[\#(cards.joined(separator: ","))]}"#.utf8)
    }
}
