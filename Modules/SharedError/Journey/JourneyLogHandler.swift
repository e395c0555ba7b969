public import Logging

/// A log handler that picks journey events out of the log stream and files them under the current flow.
///
/// Ordinary log lines pass by untouched. Combine it with an output handler through `MultiplexLogHandler`, or use
/// ``Logging/Logger/journeyRecording(label:into:alsoTo:)``.
public struct JourneyLogHandler: LogHandler {
    /// Under which key the handler files the events it collects.
    public enum Filing: Sendable {
        /// Under the running task's ``JourneyFlow``.
        case byFlow
        /// Under the running task's ``ScreenTrace`` (its id as the flow's name); events outside any trace are dropped.
        case byTrace
    }

    private let collector: JourneyCollector
    private let filing: Filing

    /// Journey events are `info` or above (``Logging/Logger/recordJourney(_:level:file:function:line:)`` raises
    /// a lower level), so recording the journey never makes the code below build its `debug` and `trace` lines.
    public var logLevel: Logger.Level = .info
    /// Metadata set on the handler; not used when picking out journey events.
    public var metadata: Logger.Metadata = [:]
    /// A metadata provider set on the handler; not used when picking out journey events.
    public var metadataProvider: Logger.MetadataProvider?

    /// Makes a handler that files the journey events it sees into `collector`, by flow unless told otherwise.
    public init(collector: JourneyCollector, filing: Filing = .byFlow) {
        self.collector = collector
        self.filing = filing
    }

    /// One value of ``metadata``.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Files the event into the collector under the current flow (or trace) if it is a journey event; drops every
    /// other line.
    public func log(event: LogEvent) {
        guard let journeyEvent = JourneyMetadata.decode(event.metadata) else { return }
        let traceID = JourneyMetadata.traceID(event.metadata)
        switch filing {
        case .byFlow:
            collector.append(journeyEvent, level: event.level, traceID: traceID, to: JourneyFlow.current)
        case .byTrace:
            guard let traceID else { return }
            collector.append(journeyEvent, level: event.level, traceID: traceID, to: JourneyFlowID(traceID))
        }
    }
}

extension Logger {
    /// A logger whose journey events go to `collector`, and whose lines also go to `output` when one is given.
    public static func journeyRecording(
        label: String,
        into collector: JourneyCollector,
        alsoTo output: (@Sendable (String) -> any LogHandler)? = nil
    ) -> Logger {
        Logger(label: label) { label in
            let recorder = JourneyLogHandler(collector: collector)
            guard let output else { return recorder }
            // Each handler keeps its own level: the recorder sees every event, the output only what it wants.
            return MultiplexLogHandler([recorder, output(label)])
        }
    }
}
