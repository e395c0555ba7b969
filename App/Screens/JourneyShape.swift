package import SharedError

/// What each layer did in one run, and where the journey ended: the row of the report's matrix, and what the tour
/// compares with the catalog.
///
/// Within a layer the order of steps is left out on purpose: the payment sources load concurrently, so their data
/// and networking steps arrive in whichever order the answers did. What each layer did, how often, and where the
/// journey stopped do not depend on it.
package struct JourneyShape: Hashable, Sendable {
    /// Each layer's actions, in `JourneyAction`'s order; layers that did nothing are absent.
    package private(set) var actions: [JourneyLayer: [JourneyAction]]
    /// The layer of the journey's last step: where the error's handling ended. `nil` when no error was on the way.
    package private(set) var stopsAt: JourneyLayer?

    package init(actions: [JourneyLayer: [JourneyAction]], stopsAt: JourneyLayer?) {
        self.actions = actions.filter { !$0.value.isEmpty }.mapValues(Self.sorted)
        self.stopsAt = stopsAt
    }

    /// The shape of a journey the layers recorded.
    package init(_ events: [ErrorJourneyEvent]) {
        self.init(
            actions: Dictionary(grouping: events, by: \.layer).mapValues { $0.map(\.action) },
            stopsAt: events.last?.layer)
    }

    package var isEmpty: Bool { actions.isEmpty }

    /// What `layer` did, in order of `JourneyAction`.
    package func actions(of layer: JourneyLayer) -> [JourneyAction] {
        actions[layer] ?? []
    }

    /// The same shape with `action` added to `layer`.
    package func adding(_ action: JourneyAction, to layer: JourneyLayer) -> JourneyShape {
        var more = actions
        more[layer, default: []].append(action)
        return JourneyShape(actions: more, stopsAt: stopsAt)
    }

    /// `mapped ×2, retried`: a layer's actions as one short phrase; `—` for none.
    package static func phrase(_ actions: [JourneyAction]) -> String {
        guard !actions.isEmpty else { return "—" }
        var counted: [(JourneyAction, Int)] = []
        for action in actions {
            if let last = counted.last, last.0 == action {
                counted[counted.count - 1].1 += 1
            } else {
                counted.append((action, 1))
            }
        }
        return counted.map { $1 == 1 ? $0.rawValue : "\($0.rawValue) ×\($1)" }.joined(separator: ", ")
    }

    /// How `actual` differs from this expected shape, one line per layer (and one for the stop), empty when equal.
    package func differences(from actual: JourneyShape) -> [String] {
        var found: [String] = []
        for layer in JourneyLayer.allCases where actions(of: layer) != actual.actions(of: layer) {
            found.append(
                "\(layer.rawValue): expected \(Self.phrase(actions(of: layer))), got \(Self.phrase(actual.actions(of: layer)))"
            )
        }
        if stopsAt != actual.stopsAt {
            found.append(
                "stopped: expected \(stopsAt?.rawValue ?? "nowhere (no error)"), got \(actual.stopsAt?.rawValue ?? "nowhere (no error)")"
            )
        }
        return found
    }

    private static func sorted(_ actions: [JourneyAction]) -> [JourneyAction] {
        let order = Dictionary(uniqueKeysWithValues: JourneyAction.allCases.enumerated().map { ($1, $0) })
        return actions.sorted { order[$0, default: 0] < order[$1, default: 0] }
    }
}

extension JourneyShape: Encodable {
    private enum CodingKeys: String, CodingKey { case layers, stopsAt }

    /// `{"layers": {"networking": ["mapped", "retried"], …}, "stopsAt": "networking"}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(
            Dictionary(uniqueKeysWithValues: actions.map { ($0.key.rawValue, $0.value.map(\.rawValue)) }),
            forKey: .layers)
        try container.encode(stopsAt?.rawValue, forKey: .stopsAt)
    }
}
