import Logging

extension Logger {
    /// Writes one journey step as a line for people, at `level`: the message is the step's summary; the metadata
    /// (`journey.layer`, `journey.module`, `journey.action`, `journey.from`, `journey.to`, `journey.category`,
    /// `journey.origin`, and `journey.trace`, the id of the running task's ``ScreenTrace``) is for log tools. The
    /// journey itself reaches its sinks as a value (``JourneyRecorder``); nothing reads it back from here.
    func logJourneyStep(_ event: ErrorJourneyEvent, level: Logger.Level) {
        log(level: level, "\(event.summary)", metadata: JourneyMetadata.encode(event, traceID: ScreenTrace.currentID))
    }
}

/// The metadata keys of a journey log line.
enum JourneyMetadata {
    static let layer = "journey.layer"
    static let module = "journey.module"
    static let action = "journey.action"
    static let from = "journey.from"
    static let to = "journey.to"
    static let category = "journey.category"
    static let origin = "journey.origin"
    static let waitedNanoseconds = "journey.waited_ns"
    static let trace = "journey.trace"

    static func encode(_ event: ErrorJourneyEvent, traceID: String?) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            layer: .string(event.layer.rawValue),
            module: .string(event.module),
            action: .string(event.action.rawValue),
            from: .string(event.from),
            origin: .string(event.origin.rawValue),
        ]
        if let category = event.category {
            metadata[Self.category] = .string(category.rawValue)
        }
        if let target = event.to {
            metadata[to] = .string(target)
        }
        if let traceID {
            metadata[trace] = .string(traceID)
        }
        if let waited = event.waited {
            let (seconds, attoseconds) = waited.components
            metadata[waitedNanoseconds] = .stringConvertible(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }
        return metadata
    }
}
