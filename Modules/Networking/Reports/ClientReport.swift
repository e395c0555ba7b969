/// The body of `POST /v1/client-reports`: which fields of which endpoint broke the contract. Key paths and kinds
/// only, never values.
public struct ClientReport: Hashable, Sendable, Codable {
    public var endpoint: String
    /// The defects, each `{keyPath, kind, detail}` as the contract names them.
    public var failures: [DecodingDefect]
    public var appVersion: String

    public init(endpoint: String, failures: [DecodingDefect], appVersion: String) {
        self.endpoint = endpoint
        self.failures = failures
        self.appVersion = appVersion
    }
}

/// Where repositories hand the defects of a decode. Never blocks and never fails the caller.
public protocol ClientReporting: Sendable {
    func submit(_ report: DecodingReport, endpoint: String)
}
