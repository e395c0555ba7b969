public import SharedError

/// Draws the payment-methods screen as terminal text.
public enum PaymentMethodsScreen {
    /// The screen as lines of text: one line per method, the empty state, then the error in red.
    public static func render(_ state: PaymentMethodsState, style: TerminalStyle) -> String {
        var lines = [style.bold("Payment methods")]
        if let wallet = state.wallet {
            lines.append("  • " + style.column("Wallet", width: 24) + style.green(wallet.balance))
        }
        for card in state.paymentCards {
            let name = card.holderName.isEmpty ? "" : "  " + card.holderName
            lines.append(
                "  • " + style.column("\(card.brand) ···· \(card.last4)", width: 24)
                    + style.dim("expires \(card.expiry)") + name)
        }
        if let applePay = state.applePay {
            let status = applePay.status == "available" ? style.green(applePay.status) : style.yellow(applePay.status)
            lines.append("  • " + style.column("Apple Pay", width: 24) + status)
        }
        if state.isEmpty {
            lines.append("  " + (state.message ?? "No payment methods"))
            lines.append("  " + style.dim("Add a card or set up Apple Pay to start paying."))
        }
        if let error = state.error {
            lines += error.rendered(style: style).map { style.red($0) }
        }
        return lines.joined(separator: "\n")
    }
}
