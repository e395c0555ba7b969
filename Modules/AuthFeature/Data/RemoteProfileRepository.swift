import Decoding
public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// The profile from `GET /v1/me`, fail-validated: a missing name or email becomes a default and is reported, an
/// invalid avatar is left out and reported, and only a missing or invalid id fails the profile (`malformed`).
public struct RemoteProfileRepository: ProfileRepository {
    static let endpoint = "/v1/me"

    private let call: RemoteCall<ProfileRepositoryError>
    /// The URL of every call, built once; each call is a request of its own (its own request id).
    private let url: URL

    /// Makes a repository that calls `baseURL` through `client` and reports decoding defects to `reporter`.
    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        url = baseURL.appendingPathComponent(Self.endpoint)
        call = RemoteCall(
            client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) },
            decodingFailure: { .malformed(keyPath: $0.keyPath) })
    }

    /// The signed-in user's profile. Throws `.malformed(keyPath:)` when the id is missing or invalid, and passes on
    /// the app-wide conditions (offline, timed out, session expired) and unexplained failures.
    public func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile {
        try await call.perform(.getJSON(url), endpoint: Self.endpoint) {
            (body: Data) throws(DecodingFailure) in try ProfileDecoder.decode(body)
        }
    }
}
