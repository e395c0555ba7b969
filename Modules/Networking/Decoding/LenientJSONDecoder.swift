public import Foundation

/// Decodes a response body into an API model and its report, or fails with a ``DecodingFailure``.
///
/// Holds no per-decode state: one instance serves any number of concurrent decodes, and each gets its own report.
public struct LenientJSONDecoder: Sendable {
    /// Makes a decoder; it holds no state, so one can be shared.
    public init() {}

    /// The model in `data` and the report of its defects. Throws ``DecodingFailure`` when `data` is not JSON or a
    /// required field is missing or invalid.
    public func decode<Model: Decodable & DefectReporting>(
        _ type: Model.Type, from data: Data
    ) throws(DecodingFailure) -> Decoded<Model> {
        do {
            let model = try JSONDecoder().decode(Model.self, from: data)
            return Decoded(value: model, report: DecodingReport(defects: model.defects))
        } catch {
            throw DecodingFailure(translating: error, fallbackPath: [])
        }
    }
}
