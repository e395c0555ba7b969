/// What the user is shown when a screen decides an error deserves their attention.
public struct PresentationError: Hashable, Sendable, Codable {
    /// A short headline, for example "Sign in failed".
    public var title: String
    /// An optional explanation, worded for a person.
    public var message: String?
    /// How the screen shows it.
    public var presentation: PresentationMethod
    /// An optional symbol name the view may draw next to the title.
    public var iconName: String?

    /// Makes the words for an error; shown as an alert unless told otherwise.
    public init(
        title: String, message: String? = nil, presentation: PresentationMethod = .alert, iconName: String? = nil
    ) {
        self.title = title
        self.message = message
        self.presentation = presentation
        self.iconName = iconName
    }

    /// The last line of defence, for errors nothing else explains.
    public static let `default` = PresentationError(
        title: "Something went wrong",
        message: "Please try again later.",
        presentation: .alert,
        iconName: "exclamationmark.triangle"
    )
}

/// How a screen presents a ``PresentationError``.
public enum PresentationMethod: String, Hashable, Sendable, Codable, CaseIterable {
    /// A modal alert the user dismisses.
    case alert
    /// A short, non-blocking indicator (a toast or a banner).
    case indicator
    /// Text in place of the content, usually with a way forward.
    case inline
}
