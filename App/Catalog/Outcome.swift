/// How a screen run ended, with the CLI's exit code for it.
enum Outcome: String, Hashable, Sendable, Codable {
    /// The screen rendered its content.
    case content
    /// The screen rendered an empty state; not an error.
    case empty
    /// An error was shown to the user (by the screen or by Navigation).
    case presented
    /// An error happened and was deliberately ignored (the user cancelled).
    case ignored
    /// The user was sent elsewhere (to sign-in).
    case routed

    /// 0 rendered (empty states and ignored errors included), 1 presented or routed, 3 backend unreachable.
    func exitCode(backendUnreachable: Bool) -> Int32 {
        switch self {
        case .content, .empty, .ignored: 0
        case .routed: 1
        case .presented: backendUnreachable ? 3 : 1
        }
    }
}
