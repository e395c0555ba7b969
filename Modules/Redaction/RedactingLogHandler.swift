public import Logging
public import SharedError

/// A log handler in front of another that scrubs every line, message and metadata, of what ``Redaction`` finds
/// (patterns, and the secrets the app holds, by value) and of control characters (``OutputText``), and leaves out
/// journey lines unless verbose: the journey has its own place (the collector, `--trace`, JSON, Mermaid).
public struct RedactingLogHandler: LogHandler {
    private var output: any LogHandler
    private let verbose: Bool
    private let secrets: SecretValues?

    /// - Parameters:
    ///   - output: where the scrubbed lines go, at its own level.
    ///   - verbose: `true` lets journey lines through too.
    public init(writingTo output: any LogHandler, verbose: Bool, secrets: SecretValues?) {
        self.output = output
        self.verbose = verbose
        self.secrets = secrets
    }

    /// The CLI's: stderr at `warning`, or at `debug` with journey lines when verbose, each line naming its flow.
    public static func standardError(label: String, verbose: Bool, secrets: SecretValues?) -> RedactingLogHandler {
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: JourneyFlow.metadataProvider)
        stream.logLevel = verbose ? .debug : .warning
        return RedactingLogHandler(writingTo: stream, verbose: verbose, secrets: secrets)
    }

    /// The level of the handler it writes to; reading and setting both go to that handler.
    public var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    /// The metadata of the handler it writes to; scrubbed when a line is written, not when set.
    public var metadata: Logger.Metadata {
        get { output.metadata }
        set { output.metadata = newValue }
    }

    /// The metadata provider of the handler it writes to.
    public var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output.metadataProvider = newValue }
    }

    /// One metadata value of the handler it writes to.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { output[metadataKey: key] }
        set { output[metadataKey: key] = newValue }
    }

    /// Scrubs the event's message and metadata and passes it on; drops journey lines unless verbose.
    public func log(event: LogEvent) {
        if !verbose, event.metadata?["journey.action"] != nil { return }
        var scrubbed = event
        scrubbed.message = "\(OutputText.clean(Redaction.text(event.message.description, known: secrets)))"
        scrubbed.metadata = event.metadata.map { Self.scrub($0, secrets: secrets) }
        output.log(event: scrubbed)
    }

    private static func scrub(_ metadata: Logger.Metadata, secrets: SecretValues?) -> Logger.Metadata {
        metadata.mapValues { scrub($0, secrets: secrets) }
    }

    private static func scrub(_ value: Logger.Metadata.Value, secrets: SecretValues?) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(OutputText.clean(Redaction.text(text, known: secrets)))
        case .stringConvertible(let convertible):
            .string(OutputText.clean(Redaction.text("\(convertible)", known: secrets)))
        case .array(let values): .array(values.map { scrub($0, secrets: secrets) })
        case .dictionary(let dictionary): .dictionary(scrub(dictionary, secrets: secrets))
        }
    }
}
