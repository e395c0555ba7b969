import Logging
import SharedError
import TestSupport
import Testing

@Suite("The trace of a screen load", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ScreenTraceTests {
    @Test func thereIsNoTraceOutsideOne() {
        #expect(ScreenTrace.currentID == nil)
    }

    @Test func aTraceIsCurrentInsideItsScopeAndGoneAfter() async throws {
        let inside = await ScreenTrace.with(ScreenTrace.start()) { ScreenTrace.currentID }

        let id = try #require(inside)
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit) && id == id.lowercased())
        #expect(ScreenTrace.currentID == nil)
    }

    @Test func everyStartIsANewTrace() async {
        let first = await ScreenTrace.with(ScreenTrace.start()) { ScreenTrace.currentID }
        let second = await ScreenTrace.with(ScreenTrace.start()) { ScreenTrace.currentID }

        #expect(first != second)
    }

    @Test func childTasksInheritItAndANilScopeHasNone() async {
        let (child, none) = await ScreenTrace.with(ScreenTrace.start()) { () async -> (Bool, String?) in
            let outer = ScreenTrace.currentID
            let child = await Task { ScreenTrace.currentID }.value
            let none = await ScreenTrace.with(nil) { ScreenTrace.currentID }
            return (child == outer, none)
        }

        #expect(child)
        #expect(none == nil)
    }

    @Test func everyJourneyStepNamesTheTraceItWasRecordedIn() async throws {
        let collector = JourneyCollector()
        let recorder = JourneyRecorder(.data, logger: quietLogger)

        let id = await JourneyFlow.recording(into: collector) { () async -> String? in
            let id = await ScreenTrace.with(ScreenTrace.start()) { () async -> String? in
                recorder.record(.mapped, from: "A.a", to: "B.b")
                return ScreenTrace.currentID
            }
            recorder.record(.mapped, from: "A.a", to: "B.b")
            return id
        }

        let inside: String = try #require(id)
        #expect(collector.entries(in: nil).map(\.traceID) == [inside, nil])
    }
}
