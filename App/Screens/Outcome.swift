/// How a screen run ended, with the CLI's exit code for it.
package enum Outcome: String, Hashable, Sendable, Codable {
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
    /// The screen rendered its last content, with a notice of its age: the backend could not be reached or did
    /// not answer in time (docs/decisions/0097).
    case lastContent

    /// 0 rendered (empty states and ignored errors included), 1 presented or routed, 3 the backend could not be
    /// used (unreachable, or not speaking the contract), 4 the pending-writes journal withheld a write, 5 the
    /// screen showed its last content because the backend could not be reached.
    package func exitCode(backendUnusable: Bool, writeWithheld: Bool = false) -> Int32 {
        if writeWithheld { return 4 }
        if self == .lastContent { return 5 }
        if backendUnusable { return 3 }
        switch self {
        case .content, .empty, .ignored: return 0
        case .presented, .routed: return 1
        case .lastContent: return 5
        }
    }
}
