import Composition
import Networking
import Testing

/// Promise: what a run learns of its backend is told in one line and kept in bounded memory, however many calls
/// the process makes.
@Suite("What the calls said about the backend")
struct BackendUsageTests {
    @Test func everyCallUnusableIsToldOnceForEachReason() {
        let sut = BackendUsage()

        for call in 0..<10_000 {
            sut.observe(
                .unusable(reason: call.isMultiple(of: 2) ? "it cannot be reached" : "it sent a page"), endpoint: "x")
        }
        sut.observe(.inconclusive, endpoint: "x")

        #expect(sut.unusableReason == "it cannot be reached; it sent a page")
    }

    @Test func oneContractAnswerMakesTheBackendUsable() {
        let sut = BackendUsage()

        sut.observe(.unusable(reason: "it cannot be reached"), endpoint: "x")
        sut.observe(.answered, endpoint: "x")
        sut.observe(.unusable(reason: "it sent a page"), endpoint: "x")

        #expect(sut.unusableReason == nil)
    }

    @Test func bodiesNeedCheckingOnlyUntilTheFirstAnswer() {
        let sut = BackendUsage()
        sut.observe(.unusable(reason: "it sent a page"), endpoint: "x")
        let beforeAnyAnswer = sut.wantsBodiesChecked

        sut.observe(.answered, endpoint: "x")

        #expect(beforeAnyAnswer)
        #expect(!sut.wantsBodiesChecked, "nothing a later body shows changes the verdict")
    }

    @Test func reasonsPastTheLimitAreToldAsMore() {
        let sut = BackendUsage()

        for reason in 0..<20 { sut.observe(.unusable(reason: "reason \(reason)"), endpoint: "x") }

        #expect(
            sut.unusableReason
                == "reason 0; reason 1; reason 2; reason 3; reason 4; reason 5; reason 6; reason 7; more")
    }

    @Test func nothingSaidIsNoReason() {
        let sut = BackendUsage()

        sut.observe(.inconclusive, endpoint: "x")

        #expect(sut.unusableReason == nil)
    }
}
