public import SharedError

/// Draws the payment-methods screen as terminal text.
public enum PaymentMethodsScreen {
    /// The screen as lines of text in `language`: one line per method, or the empty state. Errors are Navigation's to
    /// present: this screen words none itself.
    public static func render(_ state: PaymentMethodsState, style: TerminalStyle, language: Language = .english)
        -> String
    {
        let words = { (key: PaymentsWording) in key.text(in: language) }
        var lines = [style.bold(words(.methodsTitle))]
        if let wallet = state.wallet {
            lines.append("  • " + style.column(words(.walletRow), width: 24) + style.green(wallet.balance))
        }
        for card in state.paymentCards {
            let name = card.holderName.isEmpty ? "" : "  " + card.holderName
            lines.append(
                "  • " + style.column("\(card.brand) ···· \(card.last4)", width: 24)
                    + style.dim(PaymentsWording.cardExpires.text(in: language, card.expiry)) + name)
        }
        if let applePay = state.applePay {
            let available = applePay.status == words(.applePayAvailable)
            let status = available ? style.green(applePay.status) : style.yellow(applePay.status)
            lines.append("  • " + style.column(words(.applePayRow), width: 24) + status)
        }
        if let notice = state.notice {
            lines += notice.rendered(style: style).map(style.yellow)
        }
        if state.isEmpty {
            lines.append("  " + (state.message ?? words(.empty)))
            lines.append("  " + style.dim(words(.emptyHint)))
        }
        return lines.joined(separator: "\n")
    }
}
