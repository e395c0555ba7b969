public import Logging

/// A log handler that picks journey events out of the log stream and files them under the current flow.
///
/// Ordinary log lines pass by untouched. Combine it with an output handler through `MultiplexLogHandler`, or use
/// ``Logging/Logger/journeyRecording(label:into:alsoTo:)``.
public struct JourneyLogHandler: LogHandler {
    private let collector: JourneyCollector

    /// Journey events are `info` or above (``Logging/Logger/recordJourney(_:level:file:function:line:)`` raises
    /// a lower level), so recording the journey never makes the code below build its `debug` and `trace` lines.
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init(collector: JourneyCollector) {
        self.collector = collector
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        guard let journeyEvent = JourneyMetadata.decode(event.metadata) else { return }
        collector.append(journeyEvent, level: event.level, to: JourneyFlow.current)
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
