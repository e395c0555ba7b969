import Foundation
import Networking
import SharedError
import TestSupport
import Testing

/// What the error flow reads from every sampled kind of ``HTTPClientError``, held byte for byte. A line is
/// `journey name | category | diagnostic | fingerprint`, the diagnostic `error@layer/serverCode`.
@Suite("HTTPClientError's names and fingerprints stay as they are")
struct HTTPClientErrorGoldenTests {
    @Test func everySampledKind() {
        #expect(
            Self.lines == [
                "HTTPClientError.offline | unhandleable | HTTPClientError.offline@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.timedOut | unhandleable | HTTPClientError.timedOut@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.cancelled | ignorable | HTTPClientError.cancelled@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.connectionLost | recoverable | HTTPClientError.connectionLost@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.invalidResponse | unhandleable | HTTPClientError.invalidResponse@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.bodyTooLarge | unhandleable | HTTPClientError.bodyTooLarge@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.unauthorized | unhandleable | HTTPClientError.unauthorized@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.forbidden | unhandleable | HTTPClientError.forbidden@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.notFound | unhandleable | HTTPClientError.notFound@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.requestTimeout | recoverable | HTTPClientError.requestTimeout@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.conflict | unhandleable | HTTPClientError.conflict@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.tooManyRequests | recoverable | HTTPClientError.tooManyRequests@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.server(500) | recoverable | HTTPClientError.server(500)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.server(502) | recoverable | HTTPClientError.server(502)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.server(503) | recoverable | HTTPClientError.server(503)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.server(504) | recoverable | HTTPClientError.server(504)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.unexpectedStatus(418) | unhandleable | HTTPClientError.unexpectedStatus(418)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.errorEnvelope(SERVICE_DOWN) | unhandleable | HTTPClientError.errorEnvelope(SERVICE_DOWN)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.sessionExpired | unhandleable | HTTPClientError.sessionExpired@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(busy) | unhandleable | HTTPClientError.journalRefused(busy)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(unusable) | unhandleable | HTTPClientError.journalRefused(unusable)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(full) | unhandleable | HTTPClientError.journalRefused(full)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(unresolvedAndExpired) | unhandleable | HTTPClientError.journalRefused(unresolvedAndExpired)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(waitingElsewhere) | unhandleable | HTTPClientError.journalRefused(waitingElsewhere)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(madeEarlier) | unhandleable | HTTPClientError.journalRefused(madeEarlier)@networking/busy | HTTPClientError.-/networking/busy",
                "HTTPClientError.journalRefused(tooLarge) | unhandleable | HTTPClientError.journalRefused(tooLarge)@networking/busy | HTTPClientError.-/networking/busy",
            ])
    }

    private static var lines: [String] {
        let context = HTTPErrorContext(request: .get("/v1/x"), serverCode: "busy")
        return HTTPClientError.Kind.allCases.map { kind in
            let error = HTTPClientError(kind: kind, context: context)
            let diagnostic = error.diagnostic
            return [
                error.journeyName, error.category.rawValue,
                "\(diagnostic.error)@\(diagnostic.layer.rawValue)/\(diagnostic.serverCode ?? "-")",
                ErrorFingerprint(of: error).value,
            ].joined(separator: " | ")
        }
    }
}
