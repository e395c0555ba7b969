/// How views draw text on a terminal: with ANSI colour, or plain.
///
/// Views must read well without colour; colour only adds emphasis. The CLI turns it on only on a terminal and
/// never when `NO_COLOR` is set. Colour is written as the process's own marks, which ``OutputText/clean(_:json:)``
/// turns into ANSI codes where the text leaves the app, so no escape a backend sent can pass for one.
public struct TerminalStyle: Hashable, Sendable {
    /// Whether the style adds colour marks; `false` returns every text unchanged.
    public var usesColor: Bool

    /// Makes a style with or without colour.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// No colour: every text is returned unchanged.
    public static let plain = TerminalStyle(usesColor: false)

    /// `text` in bold, or unchanged without colour.
    public func bold(_ text: String) -> String { paint(text, "1") }
    /// `text` dimmed, or unchanged without colour.
    public func dim(_ text: String) -> String { paint(text, "2") }
    /// `text` in red, or unchanged without colour.
    public func red(_ text: String) -> String { paint(text, "31") }
    /// `text` in green, or unchanged without colour.
    public func green(_ text: String) -> String { paint(text, "32") }
    /// `text` in yellow, or unchanged without colour.
    public func yellow(_ text: String) -> String { paint(text, "33") }
    /// `text` in cyan, or unchanged without colour.
    public func cyan(_ text: String) -> String { paint(text, "36") }

    /// `text` padded with spaces to `width` characters (and one space at least), for simple columns.
    public func column(_ text: String, width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? OutputText.styleMark(code) + text + OutputText.styleMark("0") : text
    }
}

extension PresentationError {
    /// The error as terminal lines: a marked title, then the message, the report's reference and the actions,
    /// indented by `indent`.
    public func rendered(style: TerminalStyle, indent: String = "  ") -> [String] {
        let marker =
            switch presentation {
            case .alert: "[!]"
            case .indicator: "(•)"
            case .inline: "-"
            }
        let body = indent + (presentation == .inline ? "" : "    ")
        var lines = [indent + style.bold((presentation == .inline ? "" : marker + " ") + title)]
        if let message { lines.append(body + message) }
        if let reference { lines.append(body + reference.text) }
        if !actions.isEmpty { lines.append(body + "→ " + style.cyan(actions.map(\.label).joined(separator: " · "))) }
        return lines
    }
}
