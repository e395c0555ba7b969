public import Logging
import SharedError

/// Keeps every log line, message and metadata rendered as text, for tests that look for leaks.
public final class LogCapture: Sendable {
    private let storage = LockedState<[String]>([])

    /// Makes an empty capture.
    public init() {}

    /// Every captured line: level, message and metadata.
    public var lines: [String] { storage.withLock { $0 } }

    /// A logger at `trace` level that writes into this capture.
    public func logger(label: String = "capture") -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// The capturing handler itself, to combine with others.
    public func handler() -> any LogHandler {
        Handler(capture: self)
    }

    fileprivate func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            capture.append("\(event.level) \(event.message) \(merged)")
        }
    }
}
