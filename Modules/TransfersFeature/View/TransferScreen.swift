import Domain
public import SharedError

/// Draws the transfer form and its receipt as terminal text.
public enum TransferScreen {
    /// The form as lines of text: each field with its problem in red, the receipt, the error (for problems on the
    /// fields, "Some fields need fixing" with its way out, as JSON gives it), then the message. A look-up with a
    /// blank form shows only its answer.
    public static func render(_ state: TransferFormState, style: TerminalStyle, language: Language = .english) -> String
    {
        let words = { (key: TransfersWording) in key.text(in: language) }
        var lines = [style.bold(words(.title))]
        let fields: [(String, String, TransferField)] = [
            (words(.fieldTo), state.toAccount, .toAccount), (words(.fieldAmount), state.amount, .amount),
            (words(.fieldCurrency), state.currency, .currency), (words(.fieldNote), state.note, .note),
        ]
        // A look-up (`--status`) has no form to show: only its answer.
        let formIsBlank = state.toAccount.isEmpty && state.amount.isEmpty && state.fieldErrors.isEmpty
        for (label, value, key) in fields
        where !formIsBlank && !(key == .note && value.isEmpty && state.fieldErrors[.note] == nil) {
            var line = "  " + style.column(label, width: 10) + (value.isEmpty ? style.dim("—") : value)
            if let problem = state.fieldErrors[key] { line += "  " + style.red("← \(problem)") }
            lines.append(line)
        }
        if let problem = state.fieldErrors[.form] { lines.append("  " + style.red(problem)) }
        if let receipt = state.receipt {
            let status: TransfersWording =
                switch receipt.status {
                case "completed": .statusCompleted
                case "pending": .statusPending
                default: .statusUnknown
                }
            lines.append(
                "  " + style.green("✔ \(receipt.id) \(words(status))") + " · "
                    + TransfersWording.receipt.text(in: language, receipt.amount, receipt.toAccount))
        }
        if let error = presentedError(of: state, in: language) {
            lines += error.rendered(style: style).map {
                error.presentation == .alert ? style.red($0) : style.yellow($0)
            }
        }
        if let message = state.message { lines.append("  " + style.dim(message)) }
        return lines.joined(separator: "\n")
    }
}

extension TransferScreen {
    /// The error the form presents: its own, or for problems on its fields "Some fields need fixing", with the way
    /// out: correcting them. The text shows it, and a run reports it, the same.
    public static func presentedError(of state: TransferFormState, in language: Language) -> PresentationError? {
        state.error
            ?? (state.fieldErrors.isEmpty
                ? nil
                : PresentationError(
                    TransfersWording.fieldsToFixTitle, in: language, presentation: .inline, actions: [.fixFields]))
    }
}
