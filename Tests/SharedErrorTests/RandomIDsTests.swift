import SharedError
import Testing
import W3CTraceContext

/// Promise: every trace and span id a process draws is new: the backend's logs never join two requests by chance.
@Suite("Random trace and span ids")
struct RandomIDsTests {
    @Test func traceIDsDrawnInARowAreAllDifferentAndNeverNull() {
        let ids = (0..<10_000).map { _ in RandomIDs.traceID() }

        #expect(Set(ids.map { "\($0)" }).count == 10_000)
        #expect(!ids.contains(.null))
    }

    @Test func spanIDsDrawnInARowAreAllDifferentAndNeverNull() {
        let ids = (0..<10_000).map { _ in RandomIDs.spanID() }

        #expect(Set(ids.map { "\($0)" }).count == 10_000)
        #expect(!ids.contains(.null))
    }
}
