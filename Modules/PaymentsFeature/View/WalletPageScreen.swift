public import SharedError

/// Draws the wallet page as terminal text.
public enum WalletPageScreen {
    /// The page as lines of text in `language`: balance and status once loaded, then the error (red for an
    /// alert) with its way forward.
    public static func render(_ state: WalletPageState, style: TerminalStyle, language: Language = .english) -> String {
        let words = { (key: PaymentsWording) in key.text(in: language) }
        var lines = [style.bold(words(.walletTitle))]
        if let balance = state.balance {
            lines.append("  " + style.column(words(.walletBalance), width: 10) + style.green(balance))
        }
        if let status = state.status {
            lines.append("  " + style.column(words(.walletStatus), width: 10) + status)
        }
        if let notice = state.notice {
            lines += notice.rendered(style: style).map(style.yellow)
        }
        if let error = state.error {
            lines += error.rendered(style: style).map { error.presentation == .alert ? style.red($0) : $0 }
        }
        return lines.joined(separator: "\n")
    }
}
