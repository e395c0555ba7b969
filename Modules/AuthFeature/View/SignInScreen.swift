public import SharedError

/// Draws the sign-in screen as terminal text.
public enum SignInScreen {
    /// The screen as lines of text: the phase, the message in green, then the error (red for an alert, yellow
    /// otherwise).
    public static func render(_ state: SignInState, style: TerminalStyle) -> String {
        var lines = [style.bold("Sign in")]
        switch state.phase {
        case .idle: lines.append("  " + style.dim("Not signed in. Sign in with Apple to continue."))
        case .signingIn: lines.append("  Signing in…")
        case .signedIn: break
        }
        if let message = state.message {
            lines.append("  " + style.green(message))
        }
        if let error = state.error {
            lines += error.rendered(style: style).map {
                error.presentation == .alert ? style.red($0) : style.yellow($0)
            }
        }
        return lines.joined(separator: "\n")
    }
}
