public import Logging

extension Logger {
    /// Records one journey step as a structured log line that a ``JourneyLogHandler`` can collect, at `level`
    /// or `info`, whichever is higher.
    ///
    /// The message is for people; the metadata (`journey.layer`, `journey.module`, `journey.action`,
    /// `journey.from`, `journey.to`, and `journey.trace`, the id of the running task's ``ScreenTrace``) is for
    /// machines.
    public func recordJourney(
        _ event: ErrorJourneyEvent,
        level: Logger.Level = .info,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: Swift.max(level, .info),
            "\(event.summary)",
            metadata: JourneyMetadata.encode(event, traceID: ScreenTrace.currentID),
            file: file,
            function: function,
            line: line
        )
    }
}

/// The metadata keys of a journey log line and their translation back into an event.
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

    /// The trace id a journey log line was recorded in, if any.
    static func traceID(_ metadata: Logger.Metadata?) -> String? {
        guard case .string(let id)? = metadata?[trace] else { return nil }
        return id
    }

    /// The event a log line describes, or `nil` for an ordinary log line.
    static func decode(_ metadata: Logger.Metadata?) -> ErrorJourneyEvent? {
        guard let metadata,
            case .string(let layerName)? = metadata[layer], let layer = JourneyLayer(rawValue: layerName),
            case .string(let actionName)? = metadata[action], let action = JourneyAction(rawValue: actionName),
            case .string(let module)? = metadata[module],
            case .string(let from)? = metadata[from]
        else { return nil }
        var event = ErrorJourneyEvent(layer: layer, module: module, action: action, from: from)
        if case .string(let target)? = metadata[to] {
            event.to = target
        }
        if case .string(let name)? = metadata[category] {
            event.category = ErrorCategory(rawValue: name)
        }
        if case .string(let name)? = metadata[origin], let origin = JourneyOrigin(rawValue: name) {
            event.origin = origin
        }
        if case .stringConvertible(let value)? = metadata[waitedNanoseconds], let nanoseconds = Int64("\(value)") {
            event.waited = .nanoseconds(nanoseconds)
        }
        return event
    }
}
