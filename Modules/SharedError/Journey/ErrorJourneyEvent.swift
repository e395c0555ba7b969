/// One step of an error's journey: a layer mapped, forwarded, recovered from, retried, ignored, omitted,
/// presented, routed, logged, reported or queued an error.
///
/// Layers record events with a ``JourneyRecorder``, which hands them as values to the sinks of the running flow
/// (``JourneySink``), so the CLI, the error reports and the tests read what really happened.
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
    /// The category of the error the layer acted on (for an error the layer raised itself from a raw answer, the
    /// category of that error); `nil` for what is no error at all (a client report's defect).
    public var category: ErrorCategory?
    /// Where what reached the layer came from: the backend, the transport, a vendor SDK, or the layer below.
    public var origin: JourneyOrigin
    /// Time the layer deliberately spent waiting (a backoff, a `Retry-After`, a deadline), if any.
    ///
    /// Kept for the tour's account of deliberate waits; not part of the documented JSON object.
    public var waited: Duration?

    /// - Parameter origin: where the error came from; by default the layer beneath `layer` (the backend for
    ///   networking, the vendor SDK for a vendor facade).
    public init(
        layer: JourneyLayer,
        module: String,
        action: JourneyAction,
        from: String,
        to: String? = nil,
        category: ErrorCategory? = nil,
        origin: JourneyOrigin? = nil,
        waited: Duration? = nil
    ) {
        self.layer = layer
        self.module = module
        self.action = action
        self.from = from
        self.to = to
        self.category = category
        self.origin = origin ?? JourneyOrigin.beneath(layer)
        self.waited = waited
    }

    /// One line for people: `data PaymentsFeature mapped HTTPClientError.forbidden → WalletRepositoryError.banned`.
    public var summary: String {
        "\(layer.rawValue) \(module) \(action.rawValue) \(from) → \(to ?? "—")"
    }
}

extension ErrorJourneyEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case layer, module, action, from, to, category, origin
    }

    /// Reads an event as ``encode(to:)`` writes it; `to`, `category` and `origin` may be absent or `null`. Throws
    /// `DecodingError` when a required field is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            layer: try container.decode(JourneyLayer.self, forKey: .layer),
            module: try container.decode(String.self, forKey: .module),
            action: try container.decode(JourneyAction.self, forKey: .action),
            from: try container.decode(String.self, forKey: .from),
            to: try container.decodeIfPresent(String.self, forKey: .to),
            category: try container.decodeIfPresent(ErrorCategory.self, forKey: .category),
            origin: try container.decodeIfPresent(JourneyOrigin.self, forKey: .origin)
        )
    }

    /// Writes the documented object, with `"to": null` and `"category": null` spelled out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layer, forKey: .layer)
        try container.encode(module, forKey: .module)
        try container.encode(action, forKey: .action)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(category, forKey: .category)
        try container.encode(origin, forKey: .origin)
    }
}

/// The layers an error travels through, outermost last.
public enum JourneyLayer: String, Hashable, Sendable, CaseIterable, Codable {
    case networking, vendor, data, domain, presentation, navigation, app
}

/// Where an error reaching a layer came from: something outside the app (the backend, the transport, a vendor
/// SDK) or a layer of the app. Drawn as the arrow's start in the journey's sequence diagrams.
public enum JourneyOrigin: String, Hashable, Sendable, CaseIterable, Codable {
    case backend
    case transport
    case vendorSDK = "vendor-sdk"
    case networking, vendor, data, domain, presentation, navigation, app

    /// The origin of what usually reaches `layer`: the layer beneath it, or for networking the backend and for a
    /// vendor facade its SDK.
    public static func beneath(_ layer: JourneyLayer) -> JourneyOrigin {
        switch layer {
        case .networking: .backend
        case .vendor: .vendorSDK
        case .data: .networking
        case .domain: .data
        case .presentation: .domain
        case .navigation: .presentation
        case .app: .navigation
        }
    }

    /// The layer this origin is, when it is one.
    public var layer: JourneyLayer? { JourneyLayer(rawValue: rawValue) }
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
    /// Kept for later what could not be done now (a client report waiting in the outbox for the next run).
    case queued
}
