import AuthFeature
import Decoding
import Domain
import Foundation
import Networking
import TestSupport
import Testing

/// Quality bar 14 for the user model. `ERRORFLOW_FUZZ_COUNT=100000` for the full run.
@Suite("Fuzzing the user model", .timeLimit(.minutes(10 * TestSlowdown.factor)))
struct ProfileFuzzingTests {
    @Test(arguments: [5 as UInt64, 6])
    func user(seed: UInt64) {
        var mutator = JSONMutator(
            seed: seed, payloads: [AuthBodies.user, #"{"id":1234,"avatarURL":"https://cdn.example.com/a.png"}"#])
        var decoded = 0
        var failed = 0
        for _ in 0..<FuzzBudget.count / 2 {
            let payload = mutator.next()
            switch outcome(of: DecodingFailure.self, try ProfileDecoder.decode(payload)) {
            case .success(let result):
                decoded += 1
                #expect(!result.value.id.isEmpty)
                #expect(!result.value.name.isEmpty)
                if let avatar = result.value.avatarURL {
                    #expect(avatar.scheme != nil && avatar.host != nil)
                }
                #expect(result.report.defects.allSatisfy { !$0.keyPath.isEmpty && !$0.detail.contains("🙂") })
            case .failure(let failure):
                failed += 1
                #expect(failure.keyPath == "id" || failure.keyPath == "(root)", "\(failure)")
            }
        }
        #expect(decoded > 0 && failed > 0, "\(decoded) decoded, \(failed) typed failures")
    }
}
