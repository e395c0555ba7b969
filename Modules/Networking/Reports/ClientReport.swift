/// The body of `POST /v1/client-reports`: which fields of which endpoint broke the contract. Key paths and kinds
/// only, never values.
public struct ClientReport: Hashable, Sendable, Codable {
    /// The path whose body had the defects: `/v1/wallet`.
    public var endpoint: String
    /// The defects, each `{keyPath, kind, detail}` as the contract names them.
    public var failures: [DecodingDefect]
    /// The app's version, so the backend engineers know which parser found the defects.
    public var appVersion: String

    /// Makes a report; `failures` must hold key paths and kinds only, as ``DecodingDefect`` does.
    public init(endpoint: String, failures: [DecodingDefect], appVersion: String) {
        self.endpoint = endpoint
        self.failures = failures
        self.appVersion = appVersion
    }
}

/// Where repositories hand the defects of a decode. Never blocks and never fails the caller.
public protocol ClientReporting: Sendable {
    /// Accepts the defects of one decode of `endpoint`; returns at once, and ignores a clean report. An implementation
    /// must never block, throw or fail the caller.
    func submit(_ report: DecodingReport, endpoint: String)
}
