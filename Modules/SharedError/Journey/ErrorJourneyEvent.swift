/// One step of an error's journey: a layer mapped, forwarded, recovered from, retried, ignored, omitted,
/// presented, routed, logged or reported an error.
///
/// Layers record events through swift-log (``Logging/Logger/recordJourney(_:level:file:function:line:)``);
/// a ``JourneyLogHandler`` collects them per flow, so the CLI and the tests read what really happened.
public struct ErrorJourneyEvent: Hashable, Sendable {
    /// The layer that acted.
    public var layer: JourneyLayer
    /// The module the acting code lives in, for example `PaymentsFeature`.
    public var module: String
    /// What the layer did.
    public var action: JourneyAction
    /// What reached the layer, for example `HTTP 403 wallet_banned` or `HTTPClientError.forbidden`.
    public var from: String
    /// What the layer turned it into, or `nil` when the error stopped here.
    public var to: String?
    /// Time the layer deliberately spent waiting (a backoff, a `Retry-After`, a deadline), if any.
    ///
    /// Kept for the tour's account of deliberate waits; not part of the documented JSON object.
    public var waited: Duration?

    public init(
        layer: JourneyLayer,
        module: String,
        action: JourneyAction,
        from: String,
        to: String? = nil,
        waited: Duration? = nil
    ) {
        self.layer = layer
        self.module = module
        self.action = action
        self.from = from
        self.to = to
        self.waited = waited
    }

    /// One line for people: `data PaymentsFeature mapped HTTPClientError.forbidden → WalletRepositoryError.banned`.
    public var summary: String {
        "\(layer.rawValue) \(module) \(action.rawValue) \(from) → \(to ?? "—")"
    }
}

extension ErrorJourneyEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case layer, module, action, from, to
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            layer: try container.decode(JourneyLayer.self, forKey: .layer),
            module: try container.decode(String.self, forKey: .module),
            action: try container.decode(JourneyAction.self, forKey: .action),
            from: try container.decode(String.self, forKey: .from),
            to: try container.decodeIfPresent(String.self, forKey: .to)
        )
    }

    /// Writes the documented object, with `"to": null` spelled out when the error stopped here.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layer, forKey: .layer)
        try container.encode(module, forKey: .module)
        try container.encode(action, forKey: .action)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
    }
}

/// The layers an error travels through, outermost last.
public enum JourneyLayer: String, Hashable, Sendable, CaseIterable, Codable {
    case networking, vendor, data, domain, presentation, navigation, app
}

/// What a layer did with an error.
public enum JourneyAction: String, Hashable, Sendable, CaseIterable, Codable {
    /// Turned it into an error of the layer's own type.
    case mapped
    /// Passed it on unchanged in meaning, as the layer's own type.
    case forwarded
    /// Made it go away (a refreshed token, a successful retry).
    case recovered
    /// Tried again after a transient failure.
    case retried
    /// Decided it needs no reaction (the user cancelled).
    case ignored
    /// Worked around it by leaving something out (a failed payment source).
    case omitted
    /// Showed it to the user.
    case presented
    /// Changed where the user is (to sign-in).
    case routed
    /// Wrote it to the log and did nothing else.
    case logged
    /// Told the backend engineers (a client report).
    case reported
}
