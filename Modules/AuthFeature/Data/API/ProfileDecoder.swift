public import Decoding
public import Domain
public import Foundation
import Networking

/// Decodes `GET /v1/me` bodies into a profile and a report.
///
/// The repository's own parser, public so that the fuzzing tests run exactly this code.
public enum ProfileDecoder {
    /// The profile in `body` and the defects found on the way: a bad name, email or avatar is defaulted or left out
    /// and reported. Throws ``DecodingFailure`` when the body is not JSON or its `id` is missing or invalid.
    public static func decode(_ body: Data) throws(DecodingFailure) -> Decoded<UserProfile> {
        let decoded = try LenientJSONDecoder().decode(UserResponse.self, from: body)
        let user = decoded.value
        return Decoded(
            value: UserProfile(id: user.id, name: user.name, email: user.email, avatarURL: user.avatarURL),
            report: decoded.report)
    }
}
