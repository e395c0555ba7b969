public import Logging

/// Records the journey steps of one layer of one module: made once where the layer is built, so no step names
/// its layer or module by hand. The module is the one the recorder is made in (from `#fileID`).
///
/// Each step goes as a value to the sinks of the running flow (``JourneyFlow/recording(into:isolation:_:)``), and
/// as a line to the logger, for people: nothing reads the journey back from the log.
public struct JourneyRecorder: Sendable {
    /// The layer every step is recorded in.
    public let layer: JourneyLayer
    /// The module every step is recorded for.
    public let module: String
    /// Where the errors this layer handles come from, unless a step says otherwise (`nil`: the layer below).
    public let origin: JourneyOrigin?
    private let logger: Logger

    /// A recorder for `layer`, writing through `logger`, in the module of the file that makes it.
    public init(_ layer: JourneyLayer, logger: Logger, origin: JourneyOrigin? = nil, fileID: String = #fileID) {
        self.layer = layer
        self.module = String(fileID.prefix { $0 != "/" })
        self.origin = origin
        self.logger = logger
    }

    /// Records that this layer did `action` with the error named `from`, turning it into `to` (if anything), at
    /// `level` or `info`, whichever is higher.
    public func record(
        _ action: JourneyAction, from: String, to: String? = nil, category: ErrorCategory? = nil,
        origin: JourneyOrigin? = nil, waited: Duration? = nil, level: Logger.Level = .info
    ) {
        let event = ErrorJourneyEvent(
            layer: layer, module: module, action: action, from: from, to: to, category: category,
            origin: origin ?? self.origin, waited: waited)
        let level = Swift.max(level, .info)
        JourneyFlow.deliver(event, level: level)
        logger.logJourneyStep(event, level: level)
    }

    /// Records that this layer did `action` with `error`, turning it into `to` (if anything), in the error's
    /// category.
    public func record(
        _ action: JourneyAction, _ error: some CategorizedError, to: String? = nil,
        level: Logger.Level = .info
    ) {
        record(action, from: error.journeyName, to: to, category: error.category, level: level)
    }

    /// Records that this layer left `error` out while the screen still shows the rest, and hands the error to the
    /// running screen load (``ScreenLoad``) as a value, with where it came from.
    public func leftOut(_ error: some CategorizedError, level: Logger.Level) {
        record(.omitted, error, level: level)
        ScreenLoad.current?.handOver(leftOut: error, cameFrom: origin ?? .beneath(layer))
    }
}
