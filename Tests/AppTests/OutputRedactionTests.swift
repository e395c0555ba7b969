import ErrorReports
import Foundation
import Testing

@testable import App

/// What leaves the app is scrubbed in one place, by value and by pattern, whatever the format; and a report read
/// from a file or a backend is scrubbed as it is read, so that no format's escaping can carry a secret out.
@Suite("Every output is redacted")
struct OutputRedactionTests {
    static let secrets = ["eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig", "r-secret-4242", "ada@example.com"]
    static let text =
        #"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig {"refreshToken":"r-secret-4242"} ada@example.com"#

    @Test(arguments: [false, true])
    func anOutputCarriesNoTokenFieldOrEmailTheAppWasNeverTold(_ json: Bool) {
        let written = Console.finished(Self.text, secrets: nil, keepingPersonal: false, json: json)

        for secret in Self.secrets { #expect(!written.contains(secret), "\(secret) in \(written)") }
    }

    @Test func theProfileScreenKeepsTheUsersOwnEmail() {
        let written = Console.finished("ada@example.com", secrets: nil, keepingPersonal: true, json: false)

        #expect(written == "ada@example.com\n")
    }

    @Test func aReportIsScrubbedAsItIsRead() throws {
        let file =
            #"{"fingerprint":"TransferError.unknown/networking/-","breadcrumbs":[{"layer":"networking","action":"mapped","from":"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig","to":"{\"refreshToken\":\"r-secret-4242\",\"email\":\"ada@example.com\"}"}]}"#

        let report = try #require(ExplainedReport.read(Data(file.utf8)))
        let carried = report.breadcrumbs.map { $0.from + ($0.to ?? "") }.joined()

        for secret in Self.secrets { #expect(!carried.contains(secret), "\(secret) in \(carried)") }
    }
}
