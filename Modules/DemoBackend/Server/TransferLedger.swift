import Foundation

/// The transfers the demo backend made, keyed by `Idempotency-Key`: the same key with the same body gets the
/// original transfer back and makes nothing new; the same key with another body is refused.
actor TransferLedger {
    enum Outcome {
        case created(MadeTransfer)
        case replayed(MadeTransfer)
        case keyReusedForAnotherBody
    }

    private var byKey: [String: (form: TransferForm, transfer: MadeTransfer)] = [:]
    private var byID: [String: MadeTransfer] = [:]

    /// How many transfers were made: the backend's own count, whatever the client believes.
    var count: Int { byID.count }

    func create(_ form: TransferForm, key: String, status: String) -> Outcome {
        if let existing = byKey[key] {
            return existing.form == form ? .replayed(existing.transfer) : .keyReusedForAnotherBody
        }
        let transfer = MadeTransfer(id: "t-\(byID.count + 1)", status: status, form: form, createdAt: Date())
        byKey[key] = (form, transfer)
        byID[transfer.id] = transfer
        return .created(transfer)
    }

    func transfer(id: String) -> MadeTransfer? {
        byID[id]
    }
}

/// A transfer's body as the client sent it: `{"toAccount", "amount", "currency", "note"}`.
struct TransferForm: Hashable, Sendable {
    var toAccount: String?
    var amount: String?
    var currency: String?
    var note: String?

    /// `nil` when the body is not a JSON object.
    init?(_ body: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        toAccount = object["toAccount"] as? String
        amount = object["amount"] as? String
        currency = object["currency"] as? String
        note = object["note"] as? String
    }

    /// What the backend refuses in the body, as `(field, code)`.
    var problems: [(String, String)] {
        var found: [(String, String)] = []
        if toAccount?.trimmingCharacters(in: .whitespaces).isEmpty ?? true { found.append(("toAccount", "required")) }
        switch amount.flatMap(Self.decimal) {
        case nil: found.append(("amount", amount == nil ? "required" : "invalid"))
        case let value? where value <= 0: found.append(("amount", "not_positive"))
        default: break
        }
        if !(currency.map { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } } ?? false) {
            found.append(("currency", currency == nil ? "required" : "invalid"))
        }
        if let note, note.count > 140 { found.append(("note", "too_large")) }
        return found
    }

    /// `text` as a number when all of it is a decimal as the contract writes amounts: ASCII digits, optionally a
    /// dot and more digits (`"12.50"`; a leading `-` is read, to be refused as not positive). `Decimal(string:)`
    /// alone reads the number at the start and ignores the rest, so `"410*"`, `"12,50"` or `"1e3"` were taken as
    /// 410, 12 or 1 and echoed back as sent (schemathesis found it).
    static func decimal(_ text: String) -> Decimal? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
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
