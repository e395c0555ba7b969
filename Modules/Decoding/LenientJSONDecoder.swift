public import Foundation

/// Decodes a response body into an API model and its report, or fails with a ``DecodingFailure``.
///
/// Holds no per-decode state: one instance serves any number of concurrent decodes, and each gets its own report.
///
/// Bounded in memory whatever the body holds: a body of more than ``valueLimit`` JSON values is refused before it is
/// parsed, and a report lists at most ``DecodingReport/limit`` defects.
public struct LenientJSONDecoder: Sendable {
    /// The most JSON values (objects, arrays, strings and keys, numbers, literals) a body may hold: far more than
    /// any answer of the contract needs (tens of thousands of cards), and few enough that parsing the largest body
    /// the transport takes stays within tens of megabytes.
    public static let valueLimit = 500_000

    /// Makes a decoder; it holds no state, so one can be shared.
    public init() {}

    /// The model in `data` and the report of its defects (the first ``DecodingReport/limit``, and a count of the
    /// rest). Throws ``DecodingFailure`` when `data` is not JSON, holds more than ``valueLimit`` values, or a
    /// required field is missing or invalid.
    public func decode<Model: Decodable & DefectReporting>(
        _ type: Model.Type, from data: Data
    ) throws(DecodingFailure) -> Decoded<Model> {
        guard JSONValueCount.isAtMost(Self.valueLimit, in: data) else {
            throw DecodingFailure(
                keyPath: DecodingFailure.rootPath, kind: .invalid,
                detail: "more than \(Self.valueLimit) values; not read")
        }
        do {
            let model = try JSONDecoder().decode(Model.self, from: data)
            return Decoded(
                value: model, report: DecodingReport(defects: model.defects, omitted: model.omittedDefects))
        } catch {
            throw DecodingFailure(translating: error, fallbackPath: [])
        }
    }
}
