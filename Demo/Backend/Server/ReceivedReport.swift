import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackHosting
import NIOCore

/// A client report as the backend received it. Decoding it refuses a body that breaks the contract's
/// `ClientReport` schema: a required field missing, a field `null` or of the wrong type, an empty `endpoint` or
/// `keyPath`, a `kind` other than `missing`, `invalid` or `novel`, more than 20 failures, a text longer than 256
/// characters, a count below 0 or above 2,147,483,647. Fields the schema does not name are ignored.
public struct ReceivedReport: Hashable, Sendable, Decodable {
    /// The most failures the contract allows in one report (`maxItems`).
    public static let failureLimit = 20

    /// One entry of a received report: where the body broke and how.
    public struct Failure: Hashable, Sendable, Decodable {
        /// The kinds of failure the contract names.
        static let kinds: Set = ["missing", "invalid", "novel"]

        /// The JSON path of the field, never empty.
        public var keyPath: String
        /// `missing`, `invalid` or `novel`.
        public var kind: String
        /// What the client said about it, if anything.
        public var detail: String?

        private enum CodingKeys: String, CodingKey { case keyPath, kind, detail }

        /// Decodes one entry, refusing an empty key path or a kind the contract does not name.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keyPath = try container.decodeText(forKey: .keyPath, minLength: 0)
            kind = try container.decode(String.self, forKey: .kind)
            detail = try container.contains(.detail) ? container.decodeText(forKey: .detail, minLength: 0) : nil
            guard !keyPath.isEmpty, Self.kinds.contains(kind) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "an empty keyPath or an unknown kind"))
            }
        }
    }

    /// The endpoint whose answer the report is about.
    public var endpoint: String
    /// What broke in that answer, one entry per field, at most ``failureLimit``.
    public var failures: [Failure]
    /// How many more the app found and only counted, if it said.
    public var omittedFailures: Int?
    /// The app version that sent the report, if it said.
    public var appVersion: String?

    private enum CodingKeys: String, CodingKey { case endpoint, failures, omittedFailures, appVersion }

    /// Decodes a report, refusing one that breaks the contract's `ClientReport` schema.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        endpoint = try container.decodeText(forKey: .endpoint, minLength: 0)
        failures = try container.decode([Failure].self, forKey: .failures)
        guard failures.count <= Self.failureLimit else {
            throw DecodingError.dataCorruptedError(
                forKey: .failures, in: container, debugDescription: "at most \(Self.failureLimit) failures")
        }
        omittedFailures =
            try container.contains(.omittedFailures) ? container.decodeCount(forKey: .omittedFailures) : nil
        appVersion =
            try container.contains(.appVersion) ? container.decodeText(forKey: .appVersion, minLength: 0) : nil
        guard !endpoint.isEmpty else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an empty endpoint"))
        }
    }
}
