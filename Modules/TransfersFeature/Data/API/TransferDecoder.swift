public import Decoding
public import Domain
public import Foundation
import Networking

/// Decodes `POST /v1/transfers` and `GET /v1/transfers/{id}` bodies into a transfer and a report.
///
/// The repository's own parser, public so that the fuzzing tests run exactly this code.
public enum TransferDecoder {
    /// The transfer in `body` and its report; a novel status becomes `.other` and a bad date is left out, both
    /// reported. Throws ``DecodingFailure`` when the body is not JSON or a required field is missing or invalid.
    public static func decode(_ body: Data) throws(DecodingFailure) -> Decoded<Transfer> {
        let decoded = try LenientJSONDecoder().decode(TransferResponse.self, from: body)
        return Decoded(value: decoded.value.transfer, report: decoded.report)
    }
}
