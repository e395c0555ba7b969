import Foundation

/// The bodies the demo backend serves, as the contract describes them.
enum Fixtures {
    static func user(_ user: DemoUser) -> String {
        #"{"id":"u-1","name":"\#(user.name)","email":"\#(user.email)","avatarURL":"https://avatars.example.com/ada.png"}"#
    }
    static let userMissingFields = #"{"id":1234,"avatarURL":"https://avatars.example.com/ada.png"}"#
    static func userInvalidAvatar(_ user: DemoUser) -> String {
        #"{"id":"u-1","name":"\#(user.name)","email":"\#(user.email)","avatarURL":"not a url"}"#
    }
    static func userWithoutID(_ user: DemoUser) -> String {
        #"{"name":"\#(user.name)","email":"\#(user.email)"}"#
    }

    static let wallet = #"{"id":"w-1","balance":{"amount":"12.50","currency":"EUR"},"status":"active"}"#
    static let walletInReview =
        #"{"id":"w-1","balance":{"amount":"0.00","currency":"EUR"},"status":"in_review","reviewState":"pending"}"#

    static let twoCards =
        #"{"status":"ok","cards":[\#(card("c-1", "visa", "4242", 4)),\#(card("c-2", "mastercard", "4444", 11))]}"#
    static let partlyInvalidCards = """
        {"status":"ok","cards":[\(card("c-1", "visa", "4242", 4)),\(card("c-2", "visa", "1111", 13)),\
        {"id":"c-3","brand":"amex","expiryMonth":1,"expiryYear":2028,"holderName":"Ada Lovelace"},\
        \(card("c-4", "diners", "3000", 9))]}
        """

    static func envelopeError(_ code: String) -> String {
        #"{"status":"error","code":"\#(code)","message":"The payment-cards service reports \#(code)."}"#
    }

    /// The contract's error answer, encoded (a message may hold quotes).
    static func error(_ code: String, _ message: String) -> String {
        let body = try? JSONEncoder().encode(["error": code, "message": message])
        return body.map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"internal"}"#
    }

    /// The contract's 422: `{"error": "validation_failed", "message", "fields": [{field, code, message}]}`.
    static func validationFailed(_ fields: [(String, String)]) -> String {
        let object: [String: Any] = [
            "error": "validation_failed", "message": "Some fields of the transfer are wrong.",
            "fields": fields.map {
                ["field": $0.0, "code": $0.1, "message": "The server does not accept this \($0.0)."]
            },
        ]
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"validation_failed"}"#
    }

    static let proxyErrorPage =
        "<html><head><title>503 Service Unavailable</title></head><body><h1>503</h1>The upstream is restarting.</body></html>"

    private static func card(_ id: String, _ brand: String, _ last4: String, _ month: Int) -> String {
        #"{"id":"\#(id)","brand":"\#(brand)","last4":"\#(last4)","expiryMonth":\#(month),"expiryYear":2028,"holderName":"Ada Lovelace"}"#
    }
}
