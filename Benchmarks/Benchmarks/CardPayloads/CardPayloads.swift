public import Foundation

/// The floor of bar 18: the same payload into plain Codable structs, no validation, no report.
public struct StrictEnvelope: Decodable, Sendable {
    /// One card, every field required.
    public struct Card: Decodable, Sendable {
        /// The card's id.
        public let id: String
        /// The brand, as the backend spells it.
        public let brand: String
        /// The last four digits.
        public let last4: String
        /// The expiry month, 1 to 12 (not checked).
        public let expiryMonth: Int
        /// The expiry year.
        public let expiryYear: Int
        /// The holder's name.
        public let holderName: String
    }

    /// The envelope's status, `"ok"` on success.
    public let status: String
    /// The cards, all of them or none.
    public let cards: [Card]
}

/// `GET /v1/payment-cards` bodies for the decoding benchmark and its profile.
public enum CardPayload {
    /// How a defective card breaks the contract, and what the lenient parser does with it.
    public enum Defect: CaseIterable, Sendable {
        /// `"expiryMonth":13`: dropped.
        case monthOutOfRange
        /// No `last4`: dropped.
        case last4Missing
        /// `"brand":"diners"`: kept as `other`, reported as novel.
        case brandUnknown
        /// No `holderName`: kept with `""`, reported as missing.
        case holderMissing
        /// `"expiryMonth":"4"`, a string: dropped.
        case monthAsString
        /// `"last4":4242`, a number: dropped.
        case last4AsNumber
        /// `"holderName":null`: kept with `""`, reported as missing.
        case holderNull
        /// `"holderName":{"first":"Ada"}`, an object: kept with `""`, reported as invalid.
        case holderAsObject

        /// Whether the lenient parser drops the card (a required field is broken).
        public var drops: Bool {
            switch self {
            case .monthOutOfRange, .last4Missing, .monthAsString, .last4AsNumber: true
            case .brandUnknown, .holderMissing, .holderNull, .holderAsObject: false
            }
        }
    }

    /// `count` cards; with `defective`, every tenth card breaks the contract, the eight ``Defect`` kinds in turn
    /// (four of them wrong JSON types).
    public static func cards(_ count: Int, defective: Bool) -> Data {
        let cards = (0..<count).map { index -> String in
            guard defective, let defect = defect(at: index) else { return card(index) }
            return card(index, defect: defect)
        }
        return Data(#"{"status":"ok","cards":[\#(cards.joined(separator: ","))]}"#.utf8)
    }

    /// The defect of the card at `index` in a defective payload, or `nil` for a clean card.
    public static func defect(at index: Int) -> Defect? {
        guard index % 10 == 9 else { return nil }
        return Defect.allCases[index / 10 % Defect.allCases.count]
    }

    private static func card(_ index: Int, defect: Defect? = nil) -> String {
        var brand = #""\#(["visa", "mastercard", "amex"][index % 3])""#
        var last4: String? = #""4242""#
        var month = "\(index % 12 + 1)"
        var holder: String? = #""Ada Lovelace""#
        switch defect {
        case nil: break
        case .monthOutOfRange: month = "13"
        case .last4Missing: last4 = nil
        case .brandUnknown: brand = #""diners""#
        case .holderMissing: holder = nil
        case .monthAsString: month = #""4""#
        case .last4AsNumber: last4 = "4242"
        case .holderNull: holder = "null"
        case .holderAsObject: holder = #"{"first":"Ada"}"#
        }
        var fields = [#""id":"c-\#(index)""#, #""brand":\#(brand)"#]
        if let last4 { fields.append(#""last4":\#(last4)"#) }
        fields.append(#""expiryMonth":\#(month)"#)
        fields.append(#""expiryYear":2028"#)
        if let holder { fields.append(#""holderName":\#(holder)"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
