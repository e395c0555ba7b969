/// How a field failed to decode.
public enum DefectKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The key was absent (or `null`).
    case missing
    /// The value was there but of the wrong type or out of range.
    case invalid
    /// The value was well-formed but unknown to this app version (a new enum case); a fallback was used.
    case novel
}

/// One field that did not decode as the contract says, reported to the backend engineers.
///
/// Carries the key path and the kind, never the value: reports hold no secrets and no personal data.
public struct DecodingDefect: Hashable, Sendable, Codable {
    /// Where in the body, for example `cards[42].expiryMonth`.
    public var keyPath: String
    /// Whether the field was missing, invalid or novel.
    public var kind: DefectKind
    /// What the app did about it, in fixed words: `replaced by a default`, `element dropped`.
    public var detail: String

    /// Makes a defect; `detail` must be fixed words, never the field's value.
    public init(keyPath: String, kind: DefectKind, detail: String) {
        self.keyPath = keyPath
        self.kind = kind
        self.detail = detail
    }
}

/// Every defect one decode found. Made by the decode itself, so two decodes never share one.
public struct DecodingReport: Hashable, Sendable {
    /// The defects in the order the decode met them; empty for a clean body.
    public var defects: [DecodingDefect]

    /// Makes a report of `defects`, none by default.
    public init(defects: [DecodingDefect] = []) {
        self.defects = defects
    }

    /// Whether the decode found no defect at all.
    public var isClean: Bool { defects.isEmpty }
}

/// A decoded value together with the report of what was defaulted, dropped or novel on the way.
public struct Decoded<Value> {
    /// The decoded value, with defaults in place of what was defective.
    public var value: Value
    /// What was defaulted, dropped or novel while `value` was decoded.
    public var report: DecodingReport

    /// Pairs a value with the report of its own decode.
    public init(value: Value, report: DecodingReport) {
        self.value = value
        self.report = report
    }
}

extension Decoded: Sendable where Value: Sendable {}

/// An API model that collects the defects of its optional fields and lossy lists while it decodes.
///
/// The defects are complete when `init(from:)` returns, before any domain value is read.
public protocol DefectReporting {
    /// Every defect found in this model and its nested models and lists, complete once `init(from:)` has returned.
    var defects: [DecodingDefect] { get }
}
