public import Domain
public import Foundation
public import Logging
public import Networking
import SharedError

/// The profile from `GET /v1/me`, fail-validated: a missing name or email becomes a default and is reported, an
/// invalid avatar is left out and reported, and only a missing or invalid id fails the profile.
public struct RemoteProfileRepository: ProfileRepository {
    static let endpoint = "/v1/me"

    private let client: any HTTPClient
    private let baseURL: URL
    private let reporter: any ClientReporting
    private let logger: Logger

    public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
        self.client = client
        self.baseURL = baseURL
        self.reporter = reporter
        self.logger = logger
    }

    public func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(
                HTTPRequest(
                    method: .get, url: baseURL.appendingPathComponent(Self.endpoint),
                    headers: ["Accept": "application/json"]))
        } catch {
            throw mapped(Self.repositoryError(for: error.kind), from: error.journeyName)
        }

        let decoded: Decoded<UserProfile>
        do throws(DecodingFailure) {
            decoded = try ProfileDecoder.decode(response.body)
        } catch {
            // The backend engineers hear about a broken required field too, not only about defaults.
            reporter.submit(
                DecodingReport(defects: [DecodingDefect(keyPath: error.keyPath, kind: error.kind, detail: error.detail)]
                ),
                endpoint: Self.endpoint)
            throw mapped(.malformed(keyPath: error.keyPath), from: error.journeyName)
        }
        reporter.submit(decoded.report, endpoint: Self.endpoint)
        return decoded.value
    }

    static func repositoryError(for kind: HTTPClientError.Kind) -> ProfileRepositoryError {
        switch kind {
        case .unauthorized, .sessionExpired: .sessionExpired
        default: kind.sharedError.map(ProfileRepositoryError.shared) ?? .unavailable
        }
    }

    private func mapped(_ error: ProfileRepositoryError, from cause: String) -> ProfileRepositoryError {
        logger.recordJourney(
            ErrorJourneyEvent(layer: .data, module: "AuthFeature", action: .mapped, from: cause, to: error.journeyName),
            level: .warning
        )
        return error
    }
}
