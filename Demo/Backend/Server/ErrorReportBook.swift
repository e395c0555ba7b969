public import Foundation

/// An error report as the demo backend received it. Decoding refuses a body that breaks the contract's
/// `ErrorReport` schema: a required field missing, `null` or of the wrong type, an empty fingerprint part, a
/// breadcrumb without its layer, action or `from`, more than 50 breadcrumbs, a text longer than 256 characters, a
/// count below 0 or above 2,147,483,647, a reference other than `XXXX-XXXX` in Crockford base32. Fields the schema
/// does not name are ignored.
public struct ReceivedErrorReport: Hashable, Sendable, Decodable {
    /// The most breadcrumbs the contract allows in one report (`maxItems`).
    public static let breadcrumbLimit = 50

    /// The parts a report is grouped by.
    public struct Fingerprint: Hashable, Sendable, Decodable {
        /// The error's type: `TransferError`.
        public var type: String
        /// Its case: `unknown`, or `-`.
        public var caseName: String
        /// Where the failure behind it was raised: `networking`, or `-`.
        public var layer: String
        /// The backend's code behind it, if any.
        public var serverCode: String?

        private enum CodingKeys: String, CodingKey { case type, caseName = "case", layer, serverCode }

        /// Decodes the parts, refusing an empty one or one longer than 256 characters.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decodeText(forKey: .type)
            caseName = try container.decodeText(forKey: .caseName)
            layer = try container.decodeText(forKey: .layer)
            serverCode = try container.decodeTextIfPresent(forKey: .serverCode)
        }

        /// `type.case/layer/serverCode` (`-` for no code): what reports are grouped by.
        public var value: String { "\(type).\(caseName)/\(layer)/\(serverCode ?? "-")" }
    }

    /// One journey step: `{layer, action, category, from, to}`, each text at most 256 characters.
    public struct Breadcrumb: Hashable, Sendable, Decodable {
        /// The layer that acted.
        public var layer: String
        /// What it did.
        public var action: String
        /// The category of the error, if it was one.
        public var category: String?
        /// What reached the layer.
        public var from: String
        /// What it became, if anything.
        public var to: String?

        private enum CodingKeys: String, CodingKey { case layer, action, category, from, to }

        /// Decodes the step, refusing a text longer than 256 characters.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            layer = try container.decodeText(forKey: .layer, minLength: 0)
            action = try container.decodeText(forKey: .action, minLength: 0)
            category = try container.decodeTextIfPresent(forKey: .category)
            from = try container.decodeText(forKey: .from, minLength: 0)
            to = try container.decodeTextIfPresent(forKey: .to)
        }
    }

    /// How many reports the app did not send since its last delivery, by reason.
    public struct Unsent: Hashable, Sendable, Decodable {
        /// Given up for a full queue.
        public var queueFull: Int
        /// Held back by the app's own rate limit.
        public var rateLimited: Int
        /// Refused by the backend.
        public var refused: Int

        /// The largest count the contract allows (`UnsentReports`: 0 to 2,147,483,647).
        public static let bound = Int(Int32.max)

        private enum CodingKeys: String, CodingKey { case queueFull, rateLimited, refused }

        /// Decodes the counts, refusing a count below 0 or above ``bound``.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            queueFull = try container.decodeCount(forKey: .queueFull)
            rateLimited = try container.decodeCount(forKey: .rateLimited)
            refused = try container.decodeCount(forKey: .refused)
        }
    }

    /// What the user may quote to support (`7F3K-9Q2M`), if the app sent one.
    public var reference: String?
    /// What groups the report.
    public var fingerprint: Fingerprint
    /// The journey up to the error, at most ``breadcrumbLimit`` steps.
    public var breadcrumbs: [Breadcrumb]
    /// How many steps the app left out after ``breadcrumbs``, if it said.
    public var omittedBreadcrumbs: Int?
    /// The request behind the error, if any.
    public var requestID: String?
    /// The W3C trace id of the screen load.
    public var traceID: String?
    /// `dev` or `prod`.
    public var environment: String
    /// The app's version.
    public var appVersion: String
    /// The user's locale.
    public var locale: String
    /// The app's system.
    public var platform: String
    /// The app's counts of reports not sent.
    public var unsent: Unsent?

    private enum CodingKeys: String, CodingKey {
        case reference, fingerprint, breadcrumbs, omittedBreadcrumbs, requestID, traceID, environment, appVersion,
            locale,
            platform, unsent
    }

    /// Decodes a report, refusing one that breaks the contract's `ErrorReport` schema (`unsent` and
    /// `omittedBreadcrumbs`, when present, are never `null`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reference = try container.contains(.reference) ? container.decodeText(forKey: .reference) : nil
        if let reference, !Self.isReference(reference) {
            throw DecodingError.dataCorruptedError(
                forKey: .reference, in: container, debugDescription: "a reference is XXXX-XXXX in Crockford base32")
        }
        fingerprint = try container.decode(Fingerprint.self, forKey: .fingerprint)
        breadcrumbs = try container.decode([Breadcrumb].self, forKey: .breadcrumbs)
        guard breadcrumbs.count <= Self.breadcrumbLimit else {
            throw DecodingError.dataCorruptedError(
                forKey: .breadcrumbs, in: container, debugDescription: "at most \(Self.breadcrumbLimit) breadcrumbs")
        }
        omittedBreadcrumbs =
            try container.contains(.omittedBreadcrumbs) ? container.decodeCount(forKey: .omittedBreadcrumbs) : nil
        requestID = try container.decodeTextIfPresent(forKey: .requestID, minLength: 0)
        traceID = try container.decodeTextIfPresent(forKey: .traceID, minLength: 0)
        environment = try container.decodeText(forKey: .environment, minLength: 0)
        appVersion = try container.decodeText(forKey: .appVersion, minLength: 0)
        locale = try container.decodeText(forKey: .locale, minLength: 0)
        platform = try container.decodeText(forKey: .platform, minLength: 0)
        unsent = try container.contains(.unsent) ? container.decode(Unsent.self, forKey: .unsent) : nil
    }

    /// Whether `text` is a reference as the contract spells it: 4 characters of Crockford base32 (digits and
    /// upper-case letters without I, L, O and U), a hyphen, 4 more.
    public static func isReference(_ text: String) -> Bool {
        let alphabet = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        let characters = Array(text)
        return characters.count == 9 && characters[4] == "-"
            && characters.enumerated().allSatisfy { $0.offset == 4 || alphabet.contains($0.element) }
    }
}

/// The contract's bounds on a report's texts and counts, as the demo backend checks them.
extension KeyedDecodingContainer {
    /// The longest text a report field may hold (`maxLength`), in characters as JSON Schema counts them (Unicode
    /// scalars).
    static var reportTextLimit: Int { 256 }

    /// A string of `minLength` (1 unless given) to 256 characters.
    func decodeText(forKey key: Key, minLength: Int = 1) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard (minLength...Self.reportTextLimit).contains(text.unicodeScalars.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(minLength) to \(Self.reportTextLimit) characters")
        }
        return text
    }

    /// A string of at most 256 characters, or `null`, or nothing.
    func decodeTextIfPresent(forKey key: Key, minLength: Int = 0) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeText(forKey: key, minLength: minLength)
    }

    /// A count from 0 to ``ReceivedErrorReport/Unsent/bound``.
    func decodeCount(forKey key: Key) throws -> Int {
        let value = try decode(Int.self, forKey: key)
        guard (0...ReceivedErrorReport.Unsent.bound).contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "a count from 0 to \(ReceivedErrorReport.Unsent.bound)")
        }
        return value
    }
}

/// One group of error reports: every report with the same fingerprint.
public struct ErrorReportGroup: Hashable, Sendable, Encodable {
    /// `type.case/layer/serverCode`.
    public var fingerprint: String
    /// How many reports of it arrived.
    public var count: Int
    /// When the first arrived.
    public var firstSeen: Date
    /// When the last arrived.
    public var lastSeen: Date
    /// The trace id of each report, oldest first (the last 20).
    public var traceIDs: [String]
    /// The first report, as an example of its journey.
    public var example: Example

    /// The example report of a group.
    public struct Example: Hashable, Sendable, Encodable {
        /// The reference the user was shown, if the report carried one.
        public var reference: String?
        /// The trace id of the report.
        public var traceID: String?
        /// The request behind it.
        public var requestID: String?
        /// `dev` or `prod`.
        public var environment: String
        /// The journey, one `layer action [category] from → to` line per step.
        public var journey: [String]
    }
}

/// The reports the demo backend received, grouped by fingerprint: a count, first and last seen, and an example
/// journey per group. A tour shares one book among all its scenarios' backends.
///
/// Beside the groups it keeps each report that carried a reference, as its body arrived, to be found by that
/// reference: the latest ``referenceLimit`` reports and ``referenceByteLimit`` bytes of them at most, the oldest
/// forgotten first. A report sent again under the same reference (a resend from the app's outbox) is kept once, and
/// a report sent again under the same `Idempotency-Key` is counted once (the latest ``referenceLimit`` keys).
public actor ErrorReportBook {
    /// The most reports kept to be found by their reference, by default.
    public static let defaultReferenceLimit = 1000
    /// The most bytes of report bodies kept to be found by their reference, by default: 8 MiB.
    public static let defaultReferenceByteLimit = 8 * 1024 * 1024

    /// The most reports kept to be found by their reference.
    public let referenceLimit: Int
    /// The most bytes of report bodies kept to be found by their reference.
    public let referenceByteLimit: Int
    private var groups: [String: ErrorReportGroup] = [:]
    private var order: [String] = []
    private var bodies: [String: Data] = [:]
    private var referenceOrder: [String] = []
    private var bodyBytes = 0
    private var keyFingerprints: [String: String] = [:]
    private var keyOrder: [String] = []

    /// Makes an empty book that keeps at most `referenceLimit` reports and `referenceByteLimit` bytes of them to be
    /// found by their reference.
    public init(
        referenceLimit: Int = ErrorReportBook.defaultReferenceLimit,
        referenceByteLimit: Int = ErrorReportBook.defaultReferenceByteLimit
    ) {
        self.referenceLimit = max(referenceLimit, 1)
        self.referenceByteLimit = max(referenceByteLimit, 1)
    }

    /// The body of the report that carried `reference`, as it arrived; `nil` when none did (or it was forgotten).
    public func report(reference: String) -> Data? {
        bodies[reference]
    }

    /// Files `report`, arrived at `now` as `body` under `key`; returns how many reports its group now holds (at
    /// least 1). A key already filed is a resend of the report first filed under it, whatever the body says now: it
    /// is not filed again, and the answer is the count of that first report's group.
    @discardableResult
    func file(_ report: ReceivedErrorReport, body: Data, key: String? = nil, at now: Date = Date()) -> Int {
        if let key, !key.isEmpty {
            if let first = keyFingerprints[key] { return groups[first]?.count ?? 1 }
            keyFingerprints[key] = report.fingerprint.value
            keyOrder.append(key)
            if keyOrder.count > referenceLimit { keyFingerprints[keyOrder.removeFirst()] = nil }
        }
        if let reference = report.reference { keep(body, under: reference) }
        return file(report, at: now)
    }

    private func keep(_ body: Data, under reference: String) {
        if let earlier = bodies[reference] {
            bodyBytes -= earlier.count
            referenceOrder.removeAll { $0 == reference }
        }
        bodies[reference] = body
        referenceOrder.append(reference)
        bodyBytes += body.count
        while referenceOrder.count > referenceLimit || bodyBytes > referenceByteLimit,
            !referenceOrder.isEmpty
        {
            let oldest = referenceOrder.removeFirst()
            bodyBytes -= bodies.removeValue(forKey: oldest)?.count ?? 0
        }
    }

    /// Files `report`, arrived at `now`; returns how many reports its group now holds.
    @discardableResult
    func file(_ report: ReceivedErrorReport, at now: Date = Date()) -> Int {
        let key = report.fingerprint.value
        guard var group = groups[key] else {
            groups[key] = ErrorReportGroup(
                fingerprint: key, count: 1, firstSeen: now, lastSeen: now, traceIDs: report.traceID.map { [$0] } ?? [],
                example: .init(
                    reference: report.reference, traceID: report.traceID, requestID: report.requestID,
                    environment: report.environment,
                    journey: report.breadcrumbs.map(Self.line)))
            order.append(key)
            return 1
        }
        group.count += 1
        group.lastSeen = now
        if let trace = report.traceID { group.traceIDs = Array((group.traceIDs + [trace]).suffix(20)) }
        groups[key] = group
        return group.count
    }

    /// Every group, the most frequent first (then the first seen first).
    public var all: [ErrorReportGroup] {
        order.compactMap { groups[$0] }.enumerated().sorted {
            $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
        }.map(\.element)
    }

    private static func line(_ step: ReceivedErrorReport.Breadcrumb) -> String {
        "\(step.layer) \(step.action) [\(step.category ?? "-")] \(step.from) → \(step.to ?? "∎")"
    }
}
