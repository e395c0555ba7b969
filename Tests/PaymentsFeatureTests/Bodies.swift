import Foundation

/// Bodies of the backend contract.
enum Bodies {
    static let wallet = #"{"id":"w-1","balance":{"amount":"12.50","currency":"EUR"},"status":"active"}"#
    static func walletInReview(_ state: String) -> String {
        #"{"id":"w-1","balance":{"amount":"0","currency":"EUR"},"status":"in_review","reviewState":"\#(state)"}"#
    }
    static let twoCards = cards([card("c-1", "visa", "4242", 4), card("c-2", "mastercard", "4444", 11)])
    static func card(_ id: String, _ brand: String, _ last4: String, _ month: Int) -> String {
        #"{"id":"\#(id)","brand":"\#(brand)","last4":"\#(last4)","expiryMonth":\#(month),"expiryYear":2027,"holderName":"Ada Lovelace"}"#
    }
    static func cards(_ cards: [String]) -> String {
        #"{"status":"ok","cards":[\#(cards.joined(separator: ","))]}"#
    }
    static func envelopeError(_ code: String) -> String {
        #"{"status":"error","code":"\#(code)","message":"scripted"}"#
    }
}
