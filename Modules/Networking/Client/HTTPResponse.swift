public import Foundation

/// What the server answered: any status, the headers and the whole (size-bounded) body.
public struct HTTPResponse: Hashable, Sendable {
    /// The HTTP status code, whatever it is; decorators decide which statuses are failures.
    public var status: Int
    /// The response's header fields.
    public var headers: HTTPHeaders
    /// The whole body, at most the transport's size limit; empty when there was none.
    public var body: Data
    /// Which send of the call this is the answer to (1 for the first; more after a retry or a replay).
    public var attempt: Int
    /// The pending-writes journal's entry of the keyed write this answers, if it was journalled: whoever reads the
    /// answer settles it once it has understood it (``JournalledWrite``).
    public var journalled: JournalledWrite?
    /// When this is the receipt of the same keyed write, made earlier and kept by the journal: nothing was sent.
    public var madeEarlier: Date?

    /// Makes a response to the first attempt, not journalled.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), attempt: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.attempt = attempt
    }

}
