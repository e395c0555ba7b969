public import SharedError

/// Draws the sign-in screen as terminal text.
public enum SignInScreen {
    /// The screen as lines of text: the phase, the message in green, then the error (red for an alert, yellow
    /// otherwise).
    public static func render(_ state: SignInState, style: TerminalStyle, language: Language = .english) -> String {
        var lines = [style.bold(AuthWording.signInTitle.text(in: language))]
        switch state.phase {
        case .idle: lines.append("  " + style.dim(AuthWording.signInIdle.text(in: language)))
        case .signingIn: lines.append("  " + AuthWording.signingIn.text(in: language))
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
