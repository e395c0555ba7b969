/// What a layer may do with an error of each ``ErrorCategory``: the journey actions it may record and the
/// categories it may turn the error into. Layers decide by switching over the category an error declares; the
/// boundary tests check every reaction of every layer against this policy.
public enum ErrorPolicy {
    /// The journey actions by which a layer may react to an error of `category`.
    public static func allowedActions(for category: ErrorCategory) -> Set<JourneyAction> {
        switch category {
        case .ignorable: [.ignored, .mapped, .forwarded]
        case .recoverable: [.recovered, .retried, .mapped, .forwarded, .queued]
        // `recovered`: a screen's last content shown instead of an app-wide offline or timed out (decision 0097).
        case .unhandleable: [.mapped, .forwarded, .omitted, .presented, .routed, .queued, .recovered]
        case .default: [.mapped, .forwarded, .omitted, .presented, .logged]
        }
    }

    /// The categories a layer may give the error it turns an error of `category` into: an ignorable error stays
    /// ignorable, an unexplained one stays unexplained, and an error a layer could not handle may turn out to
    /// have no explanation at all.
    public static func allowedResults(for category: ErrorCategory) -> Set<ErrorCategory> {
        switch category {
        case .ignorable: [.ignorable]
        case .recoverable: [.recoverable, .unhandleable, .default]
        case .unhandleable: [.unhandleable, .default]
        case .default: [.default]
        }
    }

    /// Whether `action`, turning an error of `category` into one of `result` (if any), agrees with the policy.
    public static func agrees(_ action: JourneyAction, on category: ErrorCategory, result: ErrorCategory? = nil)
        -> Bool
    {
        allowedActions(for: category).contains(action) && (result.map(allowedResults(for: category).contains) ?? true)
    }
}
