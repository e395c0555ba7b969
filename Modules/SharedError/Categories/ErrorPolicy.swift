/// What each ``ErrorCategory`` means for the layer an error reaches: the one place the four categories get their
/// meaning. Layers decide through it instead of through switches of their own that could disagree with the
/// category an error declares; the boundary tests check every reaction of every layer against it.
public enum ErrorPolicy {
    /// What a layer does with an error.
    public enum Reaction: String, Hashable, Sendable {
        /// Nothing anyone sees: a layer below the screen hands it up as its own ignorable error, the screen and
        /// Navigation stop there (a cancelled load never becomes an alert).
        case ignore
        /// The layer that can recover does (a refresh, a retry) and the call goes on.
        case recover
        /// Handle it in this layer's own terms (map it, work around it, word it for the user) or hand it on (to
        /// the caller, or app-wide to Navigation).
        case handleOrForward
        /// Carry it up unexplained; Navigation presents the safe default (developer detail in DEV).
        case presentDefault
    }

    /// The reaction to an error of `category` in a layer that can (`canRecover`) or cannot recover from it.
    public static func reaction(to category: ErrorCategory, canRecover: Bool = false) -> Reaction {
        switch category {
        case .ignorable: .ignore
        case .recoverable: canRecover ? .recover : .handleOrForward
        case .unhandleableHere: .handleOrForward
        case .default: .presentDefault
        }
    }

    /// The journey actions by which a layer may react to an error of `category`.
    public static func allowedActions(for category: ErrorCategory) -> Set<JourneyAction> {
        switch category {
        case .ignorable: [.ignored, .mapped, .forwarded]
        case .recoverable: [.recovered, .retried, .mapped, .forwarded, .queued]
        // `recovered`: a screen's last content shown instead of an app-wide offline or timed out (decision 0097).
        case .unhandleableHere: [.mapped, .forwarded, .omitted, .presented, .routed, .queued, .recovered]
        case .default: [.mapped, .forwarded, .omitted, .presented, .logged]
        }
    }

    /// The categories a layer may give the error it turns an error of `category` into: an ignorable error stays
    /// ignorable, an unexplained one stays unexplained, and an error a layer could not handle may turn out to
    /// have no explanation at all.
    public static func allowedResults(for category: ErrorCategory) -> Set<ErrorCategory> {
        switch category {
        case .ignorable: [.ignorable]
        case .recoverable: [.recoverable, .unhandleableHere, .default]
        case .unhandleableHere: [.unhandleableHere, .default]
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
