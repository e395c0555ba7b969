/// What one screen load hands to whoever reports on it, as values: the journey steps recorded in it, the unexplained
/// errors Navigation presented in it, and the errors a layer left out while the screen showed the rest.
///
/// The presenter makes one per load and runs the load in it (``run(isolation:_:)``); inside, a layer hands over
/// what it leaves out or presents unexplained to ``current``; when the load has ended, the presenter hands the
/// whole to Navigation's reporter, which reads only these values.
public final class ScreenLoad: JourneySink {
    private struct Kept {
        var journey: [ErrorJourneyEvent] = []
        var presentedUnexplained: [ErrorRecord] = []
        var leftOut: [ErrorRecord] = []
        var ended = false
    }

    private let kept = LockedState(Kept())

    @TaskLocal private static var running: ScreenLoad?

    /// Makes a load that has kept nothing yet.
    public init() {}

    /// The load the running task belongs to, or `nil` outside any.
    public static var current: ScreenLoad? { running }

    /// Runs `operation` as this load (it is ``current`` there, and receives every journey step recorded there),
    /// then ends it: it keeps nothing recorded later.
    public func run<Value>(isolation: isolated (any Actor)? = #isolation, _ operation: () async -> Value) async -> Value
    {
        let value = await Self.$running.withValue(
            self, operation: { await JourneyFlow.recording(into: self, operation) }, isolation: isolation)
        kept.withLock { $0.ended = true }
        return value
    }

    /// The steps recorded in the load, in order.
    public var journey: [ErrorJourneyEvent] { kept.withLock { $0.journey } }
    /// The errors Navigation presented unexplained during the load, in order.
    public var presentedUnexplained: [ErrorRecord] { kept.withLock { $0.presentedUnexplained } }
    /// The errors a layer left out during the load while the screen still showed the rest, in order.
    public var leftOut: [ErrorRecord] { kept.withLock { $0.leftOut } }

    /// Keeps `error`, which Navigation presented unexplained, showing `reference` (if any) as the reference of its
    /// report.
    public func handOver(
        presentedUnexplained error: some CategorizedError,
        reference: ErrorReference? = nil
    ) {
        var record = ErrorRecord(error)
        record.reference = reference
        keep { $0.presentedUnexplained.append(record) }
    }

    /// Keeps `error`, which a layer left out while the screen still showed the rest; it reached that layer from
    /// `origin`.
    public func handOver(
        leftOut error: some CategorizedError, cameFrom origin: JourneyOrigin
    ) {
        keep { $0.leftOut.append(ErrorRecord(error, cameFrom: origin)) }
    }

    /// Keeps a step recorded in the load.
    public func receive(_ entry: JourneyEntry, in flow: JourneyFlowID?) {
        keep { $0.journey.append(entry.event) }
    }

    private func keep(_ change: (inout Kept) -> Void) {
        kept.withLock { kept in
            guard !kept.ended else { return }
            change(&kept)
        }
    }
}

/// An error as its report needs it, taken where a layer hands it over: names and codes, never the error's values.
public struct ErrorRecord: Hashable, Sendable {
    /// What reports of it are grouped by.
    public var fingerprint: ErrorFingerprint
    /// Its category.
    public var category: ErrorCategory
    /// What a developer needs about each failure behind it.
    public var diagnostics: [Diagnostic]
    /// The reference the user was shown for its report, if the user was shown one.
    public var reference: ErrorReference?

    /// Makes a record from its parts.
    public init(fingerprint: ErrorFingerprint, category: ErrorCategory, diagnostics: [Diagnostic]) {
        self.fingerprint = fingerprint
        self.category = category
        self.diagnostics = diagnostics
    }

    /// `error`, fingerprinted by its first diagnostic (``ErrorFingerprint/init(of:)``).
    public init(_ error: some CategorizedError) {
        self.init(fingerprint: ErrorFingerprint(of: error), category: error.category, diagnostics: error.diagnostics)
    }

    /// `error`, which reached a layer from `origin`, fingerprinted by where it came from
    /// (``ErrorFingerprint/init(of:cameFrom:)``).
    public init(_ error: some CategorizedError, cameFrom origin: JourneyOrigin) {
        self.init(
            fingerprint: ErrorFingerprint(of: error, cameFrom: origin), category: error.category,
            diagnostics: error.diagnostics)
    }
}
