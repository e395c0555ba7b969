import Domain
public import SharedError

/// Draws the transfer form and its receipt as terminal text.
public enum TransferScreen {
    /// The form as lines of text: each field with its problem in red, the receipt, the error, then the message. A
    /// look-up with a blank form shows only its answer.
    public static func render(_ state: TransferFormState, style: TerminalStyle) -> String {
        var lines = [style.bold("Transfer")]
        let fields: [(String, String, TransferField)] = [
            ("To", state.toAccount, .toAccount), ("Amount", state.amount, .amount),
            ("Currency", state.currency, .currency), ("Note", state.note, .note),
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
            lines.append(
                "  " + style.green("✔ \(receipt.id) \(receipt.status)") + " · \(receipt.amount) to \(receipt.toAccount)"
            )
        }
        if let error = state.error {
            lines += error.rendered(style: style).map {
                error.presentation == .alert ? style.red($0) : style.yellow($0)
            }
        }
        if let message = state.message { lines.append("  " + style.dim(message)) }
        return lines.joined(separator: "\n")
    }
}
