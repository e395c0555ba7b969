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

/// Every defect one decode found, bounded: the first ``limit`` in the order the decode met them, and a count of the
/// rest. Made by the decode itself, so two decodes never share one.
///
/// However many elements of a body are broken, a report holds at most ``limit`` defects, so neither the decode nor
/// the client report it becomes grows with the body.
public struct DecodingReport: Hashable, Sendable {
    /// The most defects a report lists; the rest are only counted (``omitted``).
    public static let limit = 20

    /// The first defects in the order the decode met them, at most ``limit``; empty for a clean body.
    public private(set) var defects: [DecodingDefect]
    /// How many defects the decode found beyond ``defects``; at most ``ReportCount/maximum``.
    public private(set) var omitted: Int

    /// Makes a report of the first ``limit`` of `defects`, counting the rest and `omitted` (defects a part of the
    /// decode already left out) as omitted.
    public init(defects: [DecodingDefect] = [], omitted: Int = 0) {
        self.defects = Array(defects.prefix(Self.limit))
        self.omitted = ReportCount.sum(defects.count - self.defects.count, omitted)
    }

    /// Whether the decode found no defect at all.
    public var isClean: Bool { defects.isEmpty && omitted == 0 }

    /// How many defects the decode found in all, listed or omitted.
    public var count: Int { ReportCount.sum(defects.count, omitted) }
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
    /// Every defect found in this model and its nested models and lists, complete once `init(from:)` has returned;
    /// a lossy list lists at most ``DecodingReport/limit`` of its own.
    var defects: [DecodingDefect] { get }
    /// How many defects the model found but does not list (a lossy list with more than ``DecodingReport/limit``
    /// broken elements counts them here); 0 unless the model holds a lossy list.
    var omittedDefects: Int { get }
}

extension DefectReporting {
    /// A model without a lossy list lists every defect it found.
    public var omittedDefects: Int { 0 }
}
