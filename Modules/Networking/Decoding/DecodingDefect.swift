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
    public var kind: DefectKind
    /// What the app did about it, in fixed words: `replaced by a default`, `element dropped`.
    public var detail: String

    public init(keyPath: String, kind: DefectKind, detail: String) {
        self.keyPath = keyPath
        self.kind = kind
        self.detail = detail
    }
}

/// Every defect one decode found. Made by the decode itself, so two decodes never share one.
public struct DecodingReport: Hashable, Sendable {
    public var defects: [DecodingDefect]

    public init(defects: [DecodingDefect] = []) {
        self.defects = defects
    }

    public var isClean: Bool { defects.isEmpty }
}

/// A decoded value together with the report of what was defaulted, dropped or novel on the way.
public struct Decoded<Value> {
    public var value: Value
    public var report: DecodingReport

    public init(value: Value, report: DecodingReport) {
        self.value = value
        self.report = report
    }
}

extension Decoded: Sendable where Value: Sendable {}

/// An API model that collects the defects of its optional fields and lossy lists while it decodes.
///
/// The defects are complete when `init(from:)` returns, before any domain value is read (the article's model
/// only knew its failed keys after the domain value had been built).
public protocol DefectReporting {
    var defects: [DecodingDefect] { get }
}
