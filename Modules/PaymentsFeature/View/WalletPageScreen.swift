public import SharedError

/// Draws the wallet page as terminal text.
public enum WalletPageScreen {
    /// The page as lines of text: balance and status once loaded, the error (red for an alert), then the way forward.
    public static func render(_ state: WalletPageState, style: TerminalStyle) -> String {
        var lines = [style.bold("Wallet")]
        if let balance = state.balance {
            lines.append("  " + style.column("Balance", width: 10) + style.green(balance))
        }
        if let status = state.status {
            lines.append("  " + style.column("Status", width: 10) + status)
        }
        if let error = state.error {
            lines += error.rendered(style: style).map { error.presentation == .alert ? style.red($0) : $0 }
        }
        if let action = state.action {
            lines.append("  → " + style.cyan(action))
        }
        return lines.joined(separator: "\n")
    }
}
