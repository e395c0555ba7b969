public import Logging
import SharedError

/// Records every keyed write (a POST or PATCH with an `Idempotency-Key`) in the ``PendingWrites`` journal before
/// it is sent, and settles it once its outcome is known, so a write whose answer never came is sent again under
/// the same key: by a retry, by the same command run again, or after the process was killed.
///
/// - The same write (method, endpoint and body) already waiting in the journal is sent under its journalled key,
///   not the one the request proposed; the journey says so.
/// - A failure that proves the write was not made settles it (``HTTPClientError/leavesOutcomeUnknown``); any other
///   failure leaves it waiting. A 2xx answer is handed on with its ``JournalledWrite``: the write was made, but only
///   whoever reads the answer knows whether the user got it (a receipt that does not decode leaves them as unsure
///   as no answer), so the reader settles it (``RemoteCall`` does).
/// - Requests without a key, and idempotent methods, pass through untouched.
///
/// It sits outside authentication and retry, so that it sees the outcome of the whole call.
public struct JournalingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let journal: PendingWrites
    private let journey: JourneyRecorder

    /// Makes the decorator over `journal`, which keeps keyed writes until their outcome is known.
    public init(decoratee: any HTTPClient, journal: PendingWrites, logger: Logger) {
        self.decoratee = decoratee
        self.journal = journal
        self.journey = JourneyRecorder(.networking, logger: logger)
    }

    /// Sends a keyed write under the journal's key for it and returns the answer with its ``JournalledWrite`` for the
    /// reader to settle; other requests pass through. Errors pass through unchanged.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard !request.method.isIdempotentByDefinition, let proposed = request.headers[HeaderName.idempotencyKey]
        else { return try await decoratee.send(request) }

        let (key, earlier) = await journal.begin(request, proposing: proposed)
        var keyed = request
        keyed.headers[HeaderName.idempotencyKey] = key
        if let earlier {
            journey.record(
                .recovered, from: "an earlier \(earlier.method) \(earlier.endpoint) whose outcome is unknown",
                to: "sent again under its Idempotency-Key, so it is made at most once", category: .recoverable,
                origin: .networking)
        }
        do throws(HTTPClientError) {
            var response = try await decoratee.send(keyed)
            response.journalled = JournalledWrite(journal: journal, key: key)
            return response
        } catch {
            if error.leavesOutcomeUnknown {
                await journal.markUnknown(key: key)
            } else {
                await journal.settle(key: key)
            }
            throw error
        }
    }
}

/// A keyed write the journal holds until its answer is understood.
public struct JournalledWrite: Hashable, Sendable {
    private let journal: PendingWrites
    /// The `Idempotency-Key` it was sent under.
    public let key: String

    init(journal: PendingWrites, key: String) {
        self.journal = journal
        self.key = key
    }

    /// The answer was understood: the write leaves the journal.
    public func settle() async {
        await journal.settle(key: key)
    }

    /// The answer came but could not be read: the write stays, to be sent again under its key.
    public func leaveUnknown() async {
        await journal.markUnknown(key: key)
    }

    /// Whether both are the same key in the same journal.
    public static func == (lhs: JournalledWrite, rhs: JournalledWrite) -> Bool {
        lhs.key == rhs.key && lhs.journal === rhs.journal
    }

    /// Hashes the key alone.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}
