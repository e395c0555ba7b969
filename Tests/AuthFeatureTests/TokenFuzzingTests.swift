import Decoding
import Foundation
import Networking
import TestSupport
import Testing

@testable import AuthFeature

/// Quality bar 14 for the token answer, the model that carries secrets: seeded mutations of sign-in and refresh
/// answers never crash the decoder; each ends as tokens (never empty) or a typed `DecodingFailure`, and no
/// failure or defect repeats a token. `ERRORFLOW_FUZZ_COUNT=100000` for the full run.
@Suite("Fuzzing the token answer", .timeLimit(.minutes(10 * TestSlowdown.factor)))
struct TokenFuzzingTests {
    static let access = "AT5ECRETACCESS"
    static let refresh = "RT5ECRETREFRESH"

    @Test(arguments: [7 as UInt64, 8])
    func tokens(seed: UInt64) {
        var mutator = JSONMutator(
            seed: seed,
            payloads: [
                #"{"accessToken":"\#(Self.access)","refreshToken":"\#(Self.refresh)","expiresIn":900,"user":\#(AuthBodies.user)}"#,
                #"{"accessToken":"\#(Self.access)","refreshToken":"\#(Self.refresh)","expiresIn":900,"user":null}"#,
            ])
        var decoded = 0
        var failed = 0
        for _ in 0..<FuzzBudget.count / 2 {
            let payload = mutator.next()
            switch outcome(of: DecodingFailure.self, try LenientJSONDecoder().decode(TokenResponse.self, from: payload))
            {
            case .success(let result):
                decoded += 1
                #expect(!result.value.accessToken.isEmpty && !result.value.refreshToken.isEmpty)
                for defect in result.report.defects {
                    #expect(!defect.keyPath.isEmpty)
                    #expect(!Self.holdsAToken("\(defect.keyPath) \(defect.detail)"), "\(defect)")
                }
            case .failure(let failure):
                failed += 1
                #expect(failure.kind == .missing || failure.kind == .invalid)
                #expect(!Self.holdsAToken("\(failure) \(failure.keyPath)"), "\(failure)")
            }
        }
        #expect(decoded > 0 && failed > 0, "\(decoded) decoded, \(failed) typed failures")
    }

    /// A token, or a good part of one (the mutator may cut it).
    static func holdsAToken(_ text: String) -> Bool {
        ["5ECRETACC", "5ECRETREF"].contains { text.contains($0) }
    }
}
