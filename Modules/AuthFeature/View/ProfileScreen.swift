public import SharedError

/// Draws the profile screen as terminal text.
public enum ProfileScreen {
    /// The screen as lines of text: name, email and avatar once loaded, then the error, in red when it is an alert.
    public static func render(_ state: ProfileState, style: TerminalStyle) -> String {
        var lines = [style.bold("Profile")]
        if let name = state.name {
            lines.append("  " + style.column("Name", width: 8) + name)
        }
        if let email = state.email {
            lines.append(
                "  " + style.column("Email", width: 8) + (email.isEmpty ? style.dim("no email on file") : email))
        }
        if state.name != nil {
            lines.append("  " + style.column("Avatar", width: 8) + (state.avatarURL ?? style.dim("none")))
        }
        if let error = state.error {
            lines += error.rendered(style: style).map { error.presentation == .alert ? style.red($0) : $0 }
        }
        return lines.joined(separator: "\n")
    }
}
