public import Foundation

/// Decodes a response body into an API model and its report, or fails with a ``DecodingFailure``.
///
/// Holds no per-decode state: one instance serves any number of concurrent decodes, and each gets its own report.
public struct LenientJSONDecoder: Sendable {
    public init() {}

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
