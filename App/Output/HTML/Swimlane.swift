import SharedError

/// The journey of one run as a swimlane sequence diagram, laid out for inline SVG: one lane per layer (and for the
/// backend, the transport or a vendor SDK where an error came from outside the app), one arrow per step from where
/// the error came to the layer that recorded it. Only numbers and text: the template draws it.
struct Swimlane {
    struct Lane {
        var title: String
        var x: Int
    }

    struct Arrow {
        var fromX: Int
        var toX: Int
        var y: Int
        /// The same lane at both ends (a retry, a recovery, a report): drawn as a loop.
        var isLoop: Bool
        /// The path of the loop (empty for a straight arrow).
        var loopPath: String
        var labelX: Int
        /// The baselines of the label above the arrow and of the detail under it.
        var labelY: Int
        var detailY: Int
        var action: String
        var category: String
        /// What the error was and what it became, cut to fit; the step list below has it whole.
        var detail: String
        /// The whole step, for the arrow's tooltip.
        var fullText: String
        var tone: String
    }

    static let laneWidth = 150
    static let rowHeight = 46
    static let top = 56
    static let detailLength = 44

    var lanes: [Lane]
    var arrows: [Arrow]
    var width: Int
    var height: Int
    /// The lanes' vertical lines end here.
    var bottom: Int

    init(_ events: [ErrorJourneyEvent]) {
        let origins = JourneyOrigin.allCases.filter { origin in
            events.contains { $0.origin == origin || JourneyOrigin(rawValue: $0.layer.rawValue) == origin }
        }
        let used = origins.isEmpty ? [JourneyOrigin.app] : origins
        let center = Dictionary(
            uniqueKeysWithValues: used.enumerated().map { ($1, Self.laneWidth / 2 + 10 + $0 * Self.laneWidth) })
        lanes = used.map { Lane(title: Self.title(of: $0), x: center[$0] ?? 0) }
        arrows = events.enumerated().map { index, event in
            let to = center[JourneyOrigin(rawValue: event.layer.rawValue) ?? .app] ?? 0
            let from = center[event.origin] ?? to
            let y = Self.top + 30 + index * Self.rowHeight
            let step = "\(event.from) → \(event.to ?? "∎")"
            // Within one lane the error stays what it was: what the layer made of it says more.
            let shown = from == to ? "→ \(event.to ?? "∎")" : step
            return Arrow(
                fromX: from, toX: to, y: y, isLoop: from == to,
                loopPath: from == to ? "M \(to) \(y - 10) h 28 v 20 h -22" : "",
                labelX: from == to ? to + 36 : min(from, to) + 8, labelY: y - 8, detailY: y + 15,
                action: event.action.rawValue,
                category: event.category.map { "[\($0.rawValue)]" } ?? "",
                detail: shown.count > Self.detailLength ? String(shown.prefix(Self.detailLength - 1)) + "…" : shown,
                fullText: "\(event.layer.rawValue) \(event.action.rawValue): \(step)",
                tone: ActionTone(event.action).rawValue)
        }
        // Room on the right for the labels that start near the last lane (about 7 px a character).
        let labelsEnd = arrows.map { $0.labelX + 7 * max($0.detail.count, $0.action.count + $0.category.count + 1) }
        width = max(used.count * Self.laneWidth + 20, (labelsEnd.max() ?? 0) + 10)
        bottom = Self.top + 30 + max(events.count, 1) * Self.rowHeight
        height = bottom + 12
    }

    static func title(of origin: JourneyOrigin) -> String {
        switch origin {
        case .backend: "Backend"
        case .transport: "Transport"
        case .vendorSDK: "Vendor SDK"
        case .networking: "Networking"
        case .vendor: "Vendor facade"
        case .data: "Data"
        case .domain: "Domain"
        case .presentation: "Presentation"
        case .navigation: "Navigation"
        case .app: "App"
        }
    }
}

/// The colour family of a journey action in the report: how the layer dealt with the error.
enum ActionTone: String, CaseIterable {
    /// Handed on, as the layer's own error.
    case pass
    /// Made to go away.
    case recover
    /// Handled by leaving something out or doing nothing on purpose.
    case absorb
    /// Shown to the user, or the user was sent elsewhere.
    case show
    /// Only written down or kept for later.
    case note

    init(_ action: JourneyAction) {
        switch action {
        case .mapped, .forwarded: self = .pass
        case .recovered, .retried: self = .recover
        case .omitted, .ignored: self = .absorb
        case .presented, .routed: self = .show
        case .logged, .reported, .queued: self = .note
        }
    }

    /// The tone a matrix cell takes: the strongest of its actions (shown over recovered over absorbed over noted
    /// over handed on).
    static func strongest(_ actions: [JourneyAction]) -> ActionTone? {
        let ranked: [ActionTone] = [.show, .recover, .absorb, .note, .pass]
        let tones = Set(actions.map(ActionTone.init))
        return ranked.first(where: tones.contains)
    }

    var legend: String {
        switch self {
        case .pass: "mapped or forwarded: handed on as the layer's own error"
        case .recover: "recovered or retried: made to go away"
        case .absorb: "omitted or ignored: handled by leaving something out"
        case .show: "presented or routed: the user saw it"
        case .note: "logged, reported or queued: written down"
        }
    }
}
