/// The body of `POST /v1/client-reports`: which fields of which endpoint broke the contract. Key paths and kinds
/// only, never values.
public struct ClientReport: Hashable, Sendable, Codable {
    public struct Failure: Hashable, Sendable, Codable {
        public var keyPath: String
        public var kind: DefectKind
        public var detail: String

        public init(keyPath: String, kind: DefectKind, detail: String) {
            self.keyPath = keyPath
            self.kind = kind
            self.detail = detail
        }
    }

    public var endpoint: String
    public var failures: [Failure]
    public var appVersion: String

    public init(endpoint: String, failures: [Failure], appVersion: String) {
        self.endpoint = endpoint
        self.failures = failures
        self.appVersion = appVersion
    }

    public init(endpoint: String, report: DecodingReport, appVersion: String) {
        self.init(
            endpoint: endpoint,
            failures: report.defects.map { Failure(keyPath: $0.keyPath, kind: $0.kind, detail: $0.detail) },
            appVersion: appVersion
        )
    }
}

/// Where repositories hand the defects of a decode. Never blocks and never fails the caller.
public protocol ClientReporting: Sendable {
    func submit(_ report: DecodingReport, endpoint: String)
}
