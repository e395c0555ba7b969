public import SharedError

/// Draws the profile screen as terminal text.
public enum ProfileScreen {
    /// The screen as lines of text: name, email and avatar once loaded, then the error, in red when it is an alert.
    public static func render(_ state: ProfileState, style: TerminalStyle, language: Language = .english) -> String {
        let words = { (key: AuthWording) in key.text(in: language) }
        var lines = [style.bold(words(.profileTitle))]
        if let name = state.name {
            lines.append("  " + style.column(words(.profileName), width: 8) + name)
        }
        if let email = state.email {
            lines.append(
                "  " + style.column(words(.profileEmail), width: 8)
                    + (email.isEmpty ? style.dim(words(.profileNoEmail)) : email))
        }
        if state.name != nil {
            lines.append(
                "  " + style.column(words(.profileAvatar), width: 8)
                    + (state.avatarURL ?? style.dim(words(.profileNoAvatar))))
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
