public import Decoding

/// Where repositories hand the defects of a decode. Never blocks and never fails the caller.
public protocol ClientReporting: Sendable {
    /// Accepts the defects of one decode of `endpoint`; returns at once, and ignores a clean report. An implementation
    /// must never block, throw or fail the caller.
    func submit(_ report: DecodingReport, endpoint: String)
}
