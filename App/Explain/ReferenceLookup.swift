import ArgumentParser
import Foundation
import Logging
import Networking
import SharedError

/// Looks an error report up by the reference the backend gave it (`7K3M-Q9XD`): `GET /v1/error-reports?reference=…`
/// at the user's backend, through the app's own chain (one deadline, retries of a transient failure, typed errors)
/// and the process's transport. It carries no session: a reference is not the user's secret.
@MainActor
enum ReferenceLookup {
    /// Eight Crockford base32 characters shown as two groups of four.
    static let pattern = #/[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/#

    /// Whether `text` is shaped as a reference.
    static func isReference(_ text: String) -> Bool {
        text.wholeMatch(of: pattern) != nil
    }

    /// The report the backend at `baseURL` keeps under `reference`, fetched within `timeout` through `transport`.
    /// Throws the exit code after one line on stderr: 1 when the backend has no such report, 2 when it refuses the
    /// reference, 3 when it cannot be used (unreachable, too slow, or an answer that is not a report).
    static func report(
        _ reference: String, at baseURL: URL, timeout: Duration, transport: any HTTPClient
    ) async throws(ExitCode) -> ExplainedReport {
        let origin = BackendOrigin(baseURL)
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v1/error-reports"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "reference", value: reference)]
        guard let url = components?.url else {
            throw Console.refusal("cannot make the lookup's address from --base-url \(origin)")
        }
        let chain = HTTPChain(
            transport: transport, settings: HTTPChain.Settings(timeout: timeout),
            logger: Logger(label: "explain") { _ in SwiftLogNoOpLogHandler() },
            makeSession: { _ in NoSession() })
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await chain.plain.send(
                HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"]))
        } catch {
            throw failure(error, reference: reference, origin: origin)
        }
        guard let report = ExplainedReport.read(response.body) else {
            Console.error(
                "the backend at \(origin) answered the lookup of \(reference) with something that is not an error report"
            )
            throw ExitCode(3)
        }
        var found = report
        found.reference = found.reference ?? reference
        return found
    }

    private static func failure(_ error: HTTPClientError, reference: String, origin: BackendOrigin) -> ExitCode {
        switch error.kind {
        case .notFound:
            Console.error("the backend at \(origin) has no error report \(reference)")
            return ExitCode(1)
        case .unexpectedStatus(400):
            Console.error("the backend at \(origin) refuses \(reference) as a reference")
            return ExitCode(2)
        case .offline, .connectionLost:
            Console.error("cannot look up \(reference): the backend at \(origin) cannot be reached")
            return ExitCode(3)
        case .timedOut:
            Console.error("cannot look up \(reference): the backend at \(origin) did not answer in time")
            return ExitCode(3)
        default:
            let status = error.context.status.map { "HTTP \($0)" } ?? error.kind.name
            Console.error("cannot look up \(reference): the backend at \(origin) answered \(status)")
            return ExitCode(3)
        }
    }
}

/// No one is signed in: the lookup sends no token.
private struct NoSession: AuthenticationSession {
    func currentAccessToken() async -> AccessToken? { nil }
    func refreshAccessToken() async throws(TokenRefreshError) -> TokenRenewal { throw .noSession }
    func endSession(refusing token: AccessToken) async -> AccessToken? { nil }
}
