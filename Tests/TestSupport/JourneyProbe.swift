public import Logging
public import SharedError
public import Testing

/// The journey the code under test records, read back as values.
///
/// A probe reads the journey of the test it is made in: the test, or its suite, has the ``JourneyProbeScope`` trait
/// (`.journeyProbe`), which runs each test with a journey sink of its own (a ``JourneyCollector``, filed by
/// flow); every probe made in that test reads that sink. A probe made anywhere else records an issue, so a test
/// that forgot the trait fails instead of reading an empty journey.
public struct JourneyProbe: Sendable {
    /// The test's sink, by flow.
    public let collector: JourneyCollector
    /// A logger to hand to the code under test; its lines go nowhere (the journey reaches the probe as values).
    public let logger: Logger

    /// Makes a probe of the running test's journey, and a logger labelled `label`.
    public init(label: String = "test") {
        if let collector = JourneyProbeScope.collector {
            self.collector = collector
        } else {
            Issue.record(
                "A JourneyProbe reads the journey of a test with the .journeyProbe trait, and this one has none")
            self.collector = JourneyCollector()
        }
        logger = Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
    }

    /// The events recorded outside any flow (or inside `flow`), in order.
    public func events(in flow: JourneyFlowID? = nil) -> [ErrorJourneyEvent] {
        collector.events(in: flow)
    }

    /// The events with the levels they were logged at.
    public func entries(in flow: JourneyFlowID? = nil) -> [JourneyEntry] {
        collector.entries(in: flow)
    }

    /// Just the actions, for short assertions.
    public func actions(in flow: JourneyFlowID? = nil) -> [JourneyAction] {
        events(in: flow).map(\.action)
    }
}

/// Runs each test (each case of a parameterized one) with a journey sink of its own, which the test's
/// ``JourneyProbe``s read: what the code under test records reaches it as values, in every task that inherits the
/// test's task-local values.
public struct JourneyProbeScope: TestTrait, SuiteTrait, TestScoping {
    /// The sink of the running test, if it has the trait.
    @TaskLocal static var collector: JourneyCollector?

    /// Every test of a suite with the trait gets it.
    public var isRecursive: Bool { true }

    /// A scope for each test case; none for a suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs `function` with a new collector as the test's sink.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let collector = JourneyCollector()
        let outcome = await Self.$collector.withValue(collector) {
            await JourneyFlow.recording(into: collector) { () async -> Result<Void, any Error> in
                do {
                    try await function()
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }
        try outcome.get()
    }
}

extension Trait where Self == JourneyProbeScope {
    /// Runs each test with a journey sink of its own, which its ``JourneyProbe``s read.
    public static var journeyProbe: Self { JourneyProbeScope() }
}

/// A logger that writes nothing, for the parts of a test whose logs do not matter.
public let quietLogger = Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() }
