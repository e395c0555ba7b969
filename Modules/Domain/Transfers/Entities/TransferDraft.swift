import Foundation

/// A transfer the user confirmed, checked before anything is sent: an account, a positive amount with at most two
/// decimals, a currency code and an optional note.
public struct TransferDraft: Hashable, Sendable {
    /// The receiving account, trimmed and never empty.
    public let toAccount: String
    /// A positive amount with at most two decimals, in a three-letter uppercase currency.
    public let amount: Money
    /// The note, trimmed and at most ``noteLimit`` characters; `nil` when none or empty.
    public let note: String?
    /// The user asked to make this transfer again, even if the same one was made earlier today: a new transfer, not
    /// the earlier one's receipt.
    public var sendsAgain = false

    /// The longest note the app sends.
    public static let noteLimit = 140

    /// The draft, or every field the user has to fix; nothing is sent until it is valid.
    public static func validated(
        toAccount: String, amount: String, currency: String, note: String?
    ) -> Result<TransferDraft, TransferError> {
        var problems: [FieldProblem] = []
        let account = toAccount.trimmingCharacters(in: .whitespaces)
        if account.isEmpty { problems.append(FieldProblem(field: .toAccount, code: .required)) }

        let amountText = amount.trimmingCharacters(in: .whitespaces)
        let value = decimal(amountText)
        if amountText.isEmpty {
            problems.append(FieldProblem(field: .amount, code: .required))
        } else if let value, value <= 0 {
            problems.append(FieldProblem(field: .amount, code: .notPositive))
        } else if amountText.hasPrefix("-"), decimal(String(amountText.dropFirst())) != nil {
            // A negative amount is a number the user meant, and what is wrong with it is its sign.
            problems.append(FieldProblem(field: .amount, code: .notPositive))
        } else if value == nil {
            problems.append(FieldProblem(field: .amount, code: .invalid))
        }

        let code = currency.trimmingCharacters(in: .whitespaces)
        if code.count != 3 || !code.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            problems.append(FieldProblem(field: .currency, code: .invalid))
        }
        let trimmedNote = note?.trimmingCharacters(in: .whitespaces)
        if let trimmedNote, trimmedNote.count > noteLimit {
            problems.append(FieldProblem(field: .note, code: .tooLarge))
        }

        guard problems.isEmpty, let value else { return .failure(.invalid(problems)) }
        return .success(
            TransferDraft(
                toAccount: account, amount: Money(amount: value, currency: code),
                note: trimmedNote?.isEmpty == false ? trimmedNote : nil))
    }

    /// `12`, `12.5` or `12.50`: digits, then at most two decimals; no sign, no exponent, no grouping.
    private static func decimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            parts.count == 1 || ((1...2).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit))
        else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    private init(toAccount: String, amount: Money, note: String?) {
        self.toAccount = toAccount
        self.amount = amount
        self.note = note
    }
}

/// A field of the transfer form, as the contract names it; a field the app does not know is the whole form's.
public enum TransferField: String, Hashable, Sendable, CaseIterable {
    /// The contract's form fields.
    case toAccount, amount, currency, note
    /// A problem with the form as a whole, or with a field the app does not know.
    case form
}

/// What is wrong with one field: found by the app before sending, or told by the backend (422).
public struct FieldProblem: Hashable, Sendable {
    /// Which field is wrong.
    public var field: TransferField
    /// What is wrong with it.
    public var code: Code

    /// Makes a problem for `field`; it never carries what was typed.
    public init(field: TransferField, code: Code) {
        self.field = field
        self.code = code
    }

    /// Why the field is wrong. The backend's codes map to these; one the app does not know is `other`.
    public enum Code: Hashable, Sendable {
        /// The field is empty.
        case required
        /// The field cannot be read (for an amount: not digits with at most two decimals).
        case invalid
        /// The field is longer or larger than allowed.
        case tooLarge
        /// The amount is zero or less.
        case notPositive
        /// A backend code the app does not know, kept as sent.
        case other(String)

        /// The contract's code (`too_large`) as the app's.
        public init(serverCode: String) {
            switch serverCode {
            case "required": self = .required
            case "invalid": self = .invalid
            case "too_large": self = .tooLarge
            case "not_positive": self = .notPositive
            default: self = .other(serverCode)
            }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
