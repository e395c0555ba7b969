import Foundation

/// The transfers the demo backend made, keyed by `Idempotency-Key`: the same key with the same body gets the
/// original transfer back and makes nothing new; the same key with another body is refused; a key refused once
/// (402, 403, 404, 409) gets the same refusal from then on, so a refusal is final for the key, as the contract says.
actor TransferLedger {
    enum Outcome {
        case created(MadeTransfer)
        case replayed(MadeTransfer)
        case keyReusedForAnotherBody
        /// The key was refused before (402, 403, 404, 409): the same refusal, from then on.
        case refused(Refusal)
    }

    /// A final refusal of a key: its status, code and message.
    struct Refusal: Sendable {
        var status: Int
        var code: String
        var message: String
    }

    private var byKey: [String: (form: TransferForm, transfer: MadeTransfer)] = [:]
    private var byID: [String: MadeTransfer] = [:]
    private var refusals: [String: (form: TransferForm, refusal: Refusal)] = [:]

    /// How many transfers were made: the backend's own count, whatever the client believes.
    var count: Int { byID.count }

    /// What `key` already stands for with `form`: the transfer it made, a key used for another body, or `nil` when
    /// the key is new.
    func lookUp(_ form: TransferForm, key: String) -> Outcome? {
        if let refused = refusals[key] {
            return refused.form == form ? .refused(refused.refusal) : .keyReusedForAnotherBody
        }
        guard let existing = byKey[key] else { return nil }
        return existing.form == form ? .replayed(existing.transfer) : .keyReusedForAnotherBody
    }

    /// Remembers that `key` was refused with `refusal` for `form`, unless it made a transfer meanwhile; returns what
    /// the key stands for now.
    func refuse(_ form: TransferForm, key: String, with refusal: Refusal) -> Outcome {
        if let existing = lookUp(form, key: key) { return existing }
        refusals[key] = (form, refusal)
        return .refused(refusal)
    }

    func create(_ form: TransferForm, key: String, status: String) -> Outcome {
        if let existing = lookUp(form, key: key) { return existing }
        let transfer = MadeTransfer(id: "t-\(byID.count + 1)", status: status, form: form, createdAt: Date())
        byKey[key] = (form, transfer)
        byID[transfer.id] = transfer
        return .created(transfer)
    }

    func transfer(id: String) -> MadeTransfer? {
        byID[id]
    }
}

/// A transfer's body as the client sent it: `{"toAccount", "amount", "currency", "note"}`. A field that is there
/// with a value other than a string (`null` included) is kept apart, as wrongly typed.
struct TransferForm: Hashable, Sendable {
    /// The longest `note` taken, in Unicode code points (what JSON Schema's `maxLength` counts).
    static let noteLimit = 140

    var toAccount: String?
    var amount: String?
    var currency: String?
    var note: String?
    /// The fields that are there but not strings.
    var wronglyTyped: Set<String> = []

    /// `nil` when the body is not a JSON object.
    init?(_ body: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        var wronglyTyped: Set<String> = []
        func text(_ field: String) -> String? {
            guard let value = object[field] else { return nil }
            guard let text = value as? String else {
                wronglyTyped.insert(field)
                return nil
            }
            return text
        }
        toAccount = text("toAccount")
        amount = text("amount")
        currency = text("currency")
        note = text("note")
        self.wronglyTyped = wronglyTyped
    }

    /// Every field the contract's `TransferRequest` does not allow, as `(field, code)`: `required` for a missing
    /// `toAccount`, `amount` or `currency` (or an empty `toAccount`), `invalid` for a value that is not a string
    /// or not of the field's form, `not_positive` for an amount of zero or below, `too_large` for a note over
    /// ``noteLimit``.
    var problems: [(String, String)] {
        var found: [(String, String)] = []
        func check(_ field: String, _ value: String?, required: Bool, _ rule: (String) -> String?) {
            if wronglyTyped.contains(field) {
                found.append((field, "invalid"))
            } else if let value {
                if let code = rule(value) { found.append((field, code)) }
            } else if required {
                found.append((field, "required"))
            }
        }
        check("toAccount", toAccount, required: true) { $0.isEmpty ? "required" : nil }
        check("amount", amount, required: true, Self.amountProblem)
        check("currency", currency, required: true) { Self.isCurrencyCode($0) ? nil : "invalid" }
        check("note", note, required: false) { $0.unicodeScalars.count > Self.noteLimit ? "too_large" : nil }
        return found
    }

    /// `nil` when `text` is an amount the contract takes: ASCII digits without a leading zero (or a single `0`),
    /// optionally a dot and one or two more digits, and above zero (`"12.50"`, `"0.5"`, `"7"`). `not_positive`
    /// for one of that form that is zero, or negative with a leading `-` (`"0"`, `"0.00"`, `"-1"`); `invalid` for
    /// anything else (`"1.234"`, `"12,50"`, `"1e3"`, `" 12"`, `"410*"`, `"01"`, `""`).
    static func amountProblem(_ text: String) -> String? {
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : nil
        guard isDigits(whole), whole == "0" || whole.first != "0",
            fraction.map({ (1...2).contains($0.unicodeScalars.count) && isDigits($0) }) ?? true
        else { return "invalid" }
        let zero = unsigned.unicodeScalars.allSatisfy { $0 == "0" || $0 == "." }
        return negative || zero ? "not_positive" : nil
    }

    /// Whether `text` is three ASCII capital letters (`EUR`): the contract's `Currency`.
    static func isCurrencyCode(_ text: String) -> Bool {
        text.unicodeScalars.count == 3 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    /// Whether `text` is one or more ASCII digits, and nothing else.
    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}

/// A transfer the demo backend made.
struct MadeTransfer: Sendable {
    var id: String
    var status: String
    var form: TransferForm
    var createdAt: Date

    var json: String {
        let object: [String: String] = [
            "id": id, "status": status, "amount": form.amount ?? "", "currency": form.currency ?? "",
            "toAccount": form.toAccount ?? "", "createdAt": ISO8601DateFormatter().string(from: createdAt),
        ]
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
