import Decoding
public import Foundation
public import Logging
public import Networking
import PrivateFiles

/// Client reports and error reports that could not be delivered yet (the backend was unreachable, or answered 5xx or
/// 429), kept for a later run, so a report is never lost to a bad moment. Beside them it keeps, per backend, the time
/// before which the backend asked not to be sent reports (a `Retry-After`), and how many reports were not sent, by
/// reason, until the next delivery tells the backend.
///
/// Bounded across every backend it keeps reports for: at most ``limit`` reports and ``byteLimit`` bytes of them (as
/// JSON) in all; beyond either the oldest give way, whichever backend they were for, and each counts as not sent
/// (a full queue) for its own backend. Every number it reads from the file (the counts, the reports' own counts) is
/// clamped to 0 through ``ReportCount/maximum``, and every report it reads is cut to the reports' bounds, so no
/// file can trap or swell the run. Kept per backend origin, so reports meant for one backend are never sent to
/// another. Without a file it lives as long as the process. With one, several processes may share it:
///
/// - every change happens under the file's advisory lock (`<name>.lock`), on the file as it is at that moment:
///   a report another run queued meanwhile is kept, never written over, and a report another run removed (it
///   delivered it) is never brought back by this one;
/// - a file of the earlier format (`errorflow-report-outbox/1`) is read as it is and written in the current one;
/// - a file the app cannot use (another format, corrupt, readable by others, larger than ``fileLimit``) is moved
///   aside to
///   `<name>.unreadable-<time>` (0600) with one log line naming it, so the reports in it are never lost; the outbox
///   then starts anew;
/// - a path that is not a regular file (a directory, a FIFO) is left alone, and reports wait in memory.
public actor ReportOutbox {
    /// The reports this outbox holds for its origin, and how many were dropped for the bound.
    public struct Snapshot: Hashable, Sendable {
        /// Oldest first, client reports and error reports alike.
        public var entries: [PendingReport]
        /// How many reports for this origin gave way to the bound since the outbox was last emptied.
        public var dropped: Int
        /// Before when the backend asked not to be sent reports (its `Retry-After` on a 429 or 503), if it did.
        public var notBefore: Date?
        /// The reports not sent since the last delivery, by reason.
        public var unsent: UnsentReports

        /// The waiting client reports alone, oldest first.
        public var pending: [ClientReport] { entries.compactMap(\.report) }
        /// The waiting error reports alone, oldest first.
        public var pendingErrorReports: [ErrorReport] { entries.compactMap(\.errorReport) }

        /// Makes a snapshot; empty by default.
        public init(
            entries: [PendingReport] = [], dropped: Int = 0, notBefore: Date? = nil,
            unsent: UnsentReports = UnsentReports()
        ) {
            self.entries = entries
            self.dropped = dropped
            self.notBefore = notBefore
            self.unsent = unsent
        }
    }

    /// The default bound on reports, for every backend together.
    public static let defaultLimit = 100
    /// The default bound on the reports' bytes (their JSON), for every backend together: 256 KiB.
    public static let defaultByteLimit = 256 * 1024
    /// The most backends whose counts (dropped, not sent, not before) the file keeps besides those with reports
    /// waiting.
    public static let originLimit = 100

    /// The outbox file, shared by processes; `nil` when reports wait in memory only.
    public nonisolated let file: URL?
    /// The backend whose reports this outbox keeps and returns.
    public nonisolated let origin: BackendOrigin
    /// The most reports kept, for every origin together; the oldest give way first. At least 1.
    public nonisolated let limit: Int
    /// The most bytes of reports (their JSON) kept, for every origin together; the oldest give way first.
    public nonisolated let byteLimit: Int
    /// The largest file it reads; a larger one is moved aside, as one it cannot use.
    public nonisolated var fileLimit: Int { max(4 * byteLimit, 1 << 20) }
    private let logger: Logger
    /// What waits when there is no file, or the file cannot be used.
    private var memory = OutboxContent()
    private var fileUnusable = false

    /// - Parameters:
    ///   - file: where pending reports are kept between runs; `nil` keeps them in memory only.
    ///   - origin: the backend the reports are for.
    ///   - limit: the most reports kept, for every origin together.
    ///   - byteLimit: the most bytes of reports kept, for every origin together.
    public init(
        file: URL?, origin: BackendOrigin, limit: Int = ReportOutbox.defaultLimit,
        byteLimit: Int = ReportOutbox.defaultByteLimit, logger: Logger
    ) {
        self.file = file
        self.origin = origin
        self.limit = max(limit, 1)
        self.byteLimit = max(byteLimit, 1)
        self.logger = logger
    }

    /// What waits for this origin now, in the file as it is at this moment.
    public var snapshot: Snapshot {
        get async {
            let content = await update { _ in }
            return Snapshot(
                entries: content.entries.filter { $0.origin == origin.value }.compactMap(\.pending),
                dropped: content.dropped[origin.value] ?? 0, notBefore: content.notBefore?[origin.value],
                unsent: content.unsent?[origin.value] ?? UnsentReports())
        }
    }

    /// Keeps `report` for a later run under `id`; returns how many reports now wait for this origin.
    @discardableResult
    public func keep(_ report: ClientReport, id: String) async -> Int {
        await keep(.client(report), id: id)
    }

    /// Keeps `report` (either kind, cut to the reports' bounds) for a later run under `id`; returns how many reports
    /// now wait for this origin. A report that gives way to the bounds (this one too, when it alone is larger than
    /// ``byteLimit``) counts as not sent for a full queue, for the backend it was meant for.
    @discardableResult
    public func keep(_ report: OutgoingReport, id: String) async -> Int {
        let origin = origin.value
        let content = await update { content in
            guard !content.entries.contains(where: { $0.id == id }) else { return }
            content.entries.append(OutboxEntry(origin: origin, id: id, outgoing: report.bounded))
        }
        return content.entries.filter { $0.origin == origin }.count
    }

    /// Whether a report is kept under `id` now, in the file as it is at this moment (another run may have sent it).
    public func contains(id: String) async -> Bool {
        await update { _ in }.entries.contains { $0.id == id && $0.origin == origin.value }
    }

    /// Keeps `date` as the time before which this origin's backend takes no reports (`nil`: whenever).
    public func setNotBefore(_ date: Date?) async {
        let origin = origin.value
        await update { $0.setNotBefore(date, for: origin) }
    }

    /// Brings the time before which this origin's backend takes no reports back to `latest` if it is later, as the
    /// file holds it now: a time read from a file never holds reports back for longer than the sender allows.
    public func capNotBefore(atMost latest: Date) async {
        let origin = origin.value
        await update { content in
            guard let current = content.notBefore?[origin], current > latest else { return }
            content.setNotBefore(latest, for: origin)
        }
    }

    /// Forgets the time before which this origin's backend takes no reports if it is no later than `passed`, as the
    /// file holds it now: a later one, which another run kept meanwhile from a newer answer, stays.
    public func clearNotBefore(ifNotAfter passed: Date) async {
        let origin = origin.value
        await update { content in
            guard let current = content.notBefore?[origin], current <= passed else { return }
            content.setNotBefore(nil, for: origin)
        }
    }

    /// Adds `counts` to the reports not sent to this origin since its last delivery.
    public func countUnsent(_ counts: UnsentReports) async {
        guard !counts.isEmpty else { return }
        let origin = origin.value
        await update { $0.addUnsent(counts, for: origin) }
    }

    /// Takes `told` off the counts of reports not sent, once a delivery has told the backend about them; what was
    /// counted meanwhile stays.
    public func settleUnsent(_ told: UnsentReports) async {
        guard !told.isEmpty else { return }
        let origin = origin.value
        await update { content in
            let now = content.unsent?[origin] ?? UnsentReports()
            // Both sides are clamped to 0 through ReportCount.maximum, so the differences cannot overflow.
            let left = UnsentReports(
                queueFull: now.queueFull - ReportCount.clamped(told.queueFull),
                rateLimited: now.rateLimited - ReportCount.clamped(told.rateLimited),
                refused: now.refused - ReportCount.clamped(told.refused))
            var unsent = content.unsent ?? [:]
            unsent[origin] = left.isEmpty ? nil : left
            content.unsent = unsent.isEmpty ? nil : unsent
        }
    }

    /// Removes the report kept under `id`, now delivered (or given up on).
    public func remove(id: String) async {
        let origin = origin.value
        await update { content in
            guard let index = content.entries.firstIndex(where: { $0.id == id }) else { return }
            content.entries.remove(at: index)
            if !content.entries.contains(where: { $0.origin == origin }) {
                // Everything that waited has gone out: the count of reports lost while waiting is told, then reset.
                content.dropped[origin] = nil
            }
        }
    }

    /// Applies `change` to the content as it is now (the file's, under its lock), keeps it within the bounds, saves
    /// it if it changed, and returns it.
    @discardableResult
    private func update(_ change: (inout OutboxContent) -> Void) async -> OutboxContent {
        let bounds = OutboxContent.Bounds(
            entries: limit, bytes: byteLimit, origins: Self.originLimit, keeping: origin.value)
        guard let file, !fileUnusable else {
            change(&memory)
            memory.keep(within: bounds)
            return memory
        }
        var result: OutboxContent?
        do throws(PrivateFileError) {
            try await PrivateFile.change(file) { read in
                var content = contentOrMovingAside(read, file: file)
                let before = content
                change(&content)
                content.keep(within: bounds)
                result = content
                if fileUnusable { memory = content }
                guard content != before, !fileUnusable else { return (.keep, ()) }
                if content.isEmpty { return (.remove, ()) }
                content.format = OutboxContent.currentFormat
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                guard let data = try? encoder.encode(content) else { return (.keep, ()) }
                return (.write(data), ())
            }
        } catch {
            logger.warning("the report outbox cannot be used (\(error)); reports wait in memory only")
            fileUnusable = true
            if let result {
                memory = result
            } else {
                change(&memory)
                memory.keep(within: bounds)
            }
            return memory
        }
        return result ?? memory
    }

    /// The file's content; one the app cannot use is moved aside (its reports kept there) and the outbox starts
    /// anew. Runs under the file's lock.
    private func contentOrMovingAside(_ read: Result<Data, PrivateFileError>, file: URL) -> OutboxContent {
        let fileLimit = fileLimit
        let found = PrivateFile.decodeOrMoveAside(read, at: file) { data -> OutboxContent? in
            guard data.count <= fileLimit else { return nil }
            return (try? JSONDecoder().decode(OutboxContent.self, from: data)).flatMap {
                OutboxContent.readableFormats.contains($0.format) ? $0 : nil
            }
        }
        switch found {
        case .absent:
            return OutboxContent()
        case .usable(let content):
            return content
        case .movedAside(let problem, let aside):
            logger.warning("the report outbox \(file.path) \(problem); moved it to \(aside.path) and started a new one")
            return OutboxContent()
        case .unusable(let problem):
            logger.warning("the report outbox cannot be used (\(problem)); reports wait in memory only")
            fileUnusable = true
            return memory
        }
    }
}

/// The outbox file: `{"format": "errorflow-report-outbox/2", "entries": [{origin, id, report | errorReport}],
/// "dropped": {origin: count}, "notBefore": {origin: date}, "unsent": {origin: {queueFull, rateLimited, refused}}}`.
///
/// The first format (`/1`) is the same without `errorReport`, `notBefore` and `unsent`: it is read as it is, and
/// written back in this one.
private struct OutboxContent: Codable, Hashable {
    static let currentFormat = "errorflow-report-outbox/2"
    static let readableFormats: Set = ["errorflow-report-outbox/1", currentFormat]

    var format = OutboxContent.currentFormat
    var entries: [OutboxEntry] = []
    var dropped: [String: Int] = [:]
    var notBefore: [String: Date]?
    var unsent: [String: UnsentReports]?

    var isEmpty: Bool { entries.isEmpty && dropped.isEmpty && notBefore == nil && unsent == nil }

    mutating func addUnsent(_ counts: UnsentReports, for origin: String) {
        var all = unsent ?? [:]
        all[origin] = (all[origin] ?? UnsentReports()) + counts
        unsent = all
    }

    mutating func setNotBefore(_ date: Date?, for origin: String) {
        var all = notBefore ?? [:]
        all[origin] = date
        notBefore = all.isEmpty ? nil : all
    }

    /// What the content may hold at most.
    struct Bounds {
        /// Reports, for every origin together.
        var entries: Int
        /// Bytes of reports (each one's JSON), for every origin together.
        var bytes: Int
        /// Origins with counts but no report waiting.
        var origins: Int
        /// The origin whose counts are never given up for the bound on origins (this run's).
        var keeping: String
    }

    /// Keeps the content within `bounds`, whatever it was read from: every count clamped, every report cut to the
    /// reports' bounds, the oldest reports dropped (each counted as not sent for a full queue, for its own origin)
    /// until both the count and the bytes fit, and the counts of origins beyond the bound forgotten.
    mutating func keep(within bounds: Bounds) {
        dropped = dropped.mapValues(ReportCount.clamped)
        entries = entries.map(\.bounded)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // An entry that cannot be encoded counts as larger than any bound, so it goes first.
        let sizes = entries.map { (try? encoder.encode($0).count) ?? ReportCount.maximum }
        var bytes = sizes.reduce(0, +)
        var excess = 0
        while excess < entries.count, entries.count - excess > bounds.entries || bytes > bounds.bytes {
            bytes -= sizes[excess]
            excess += 1
        }
        for gone in entries.prefix(excess) {
            dropped[gone.origin] = ReportCount.sum(dropped[gone.origin] ?? 0, 1)
            addUnsent(UnsentReports(queueFull: 1), for: gone.origin)
        }
        entries.removeFirst(excess)
        forgetOrigins(beyond: bounds)
    }

    /// Forgets the counts of the origins past `bounds.origins` that have no report waiting (this run's is kept), in
    /// the order of their names, so the file cannot grow with every backend ever used.
    private mutating func forgetOrigins(beyond bounds: Bounds) {
        let waiting = Set(entries.map(\.origin))
        let named = Set(dropped.keys).union(notBefore.map { Array($0.keys) } ?? [])
            .union(unsent.map { Array($0.keys) } ?? [])
        let idle = named.subtracting(waiting).subtracting([bounds.keeping]).sorted()
        guard idle.count > bounds.origins else { return }
        for origin in idle.dropFirst(bounds.origins) {
            dropped[origin] = nil
            unsent?[origin] = nil
            notBefore?[origin] = nil
        }
        if unsent?.isEmpty == true { unsent = nil }
        if notBefore?.isEmpty == true { notBefore = nil }
    }
}

private struct OutboxEntry: Codable, Hashable {
    var origin: String
    /// Sent as the report's `Idempotency-Key`, so a report that reached the backend once is never counted twice.
    var id: String
    /// A client report (the only kind the first format held).
    var report: ClientReport?
    /// An error report.
    var errorReport: ErrorReport?

    init(origin: String, id: String, outgoing: OutgoingReport) {
        self.origin = origin
        self.id = id
        switch outgoing {
        case .client(let report): self.report = report
        case .error(let report): self.errorReport = report
        }
    }

    var pending: PendingReport? {
        if let report { return PendingReport(id: id, outgoing: .client(report)) }
        if let errorReport { return PendingReport(id: id, outgoing: .error(errorReport)) }
        return nil
    }

    /// This entry with its report cut to the reports' bounds.
    var bounded: OutboxEntry {
        var entry = self
        entry.report = report?.bounded
        entry.errorReport = errorReport?.bounded
        return entry
    }
}

/// A report of either kind, as the sender sends it and the outbox keeps it.
public enum OutgoingReport: Hashable, Sendable {
    /// Decoding defects, to `POST /v1/client-reports`.
    case client(ClientReport)
    /// An error nobody explained, to `POST /v1/error-reports`.
    case error(ErrorReport)

    /// The report within its kind's bounds.
    public var bounded: OutgoingReport {
        switch self {
        case .client(let report): .client(report.bounded)
        case .error(let report): .error(report.bounded)
        }
    }
}

/// A report waiting in the outbox, with the id it is always sent under (its `Idempotency-Key`).
public struct PendingReport: Hashable, Sendable {
    /// The report's `Idempotency-Key`, the same for every send.
    public var id: String
    /// The report as it will be sent.
    public var outgoing: OutgoingReport

    /// Pairs a waiting client report with its id.
    public init(id: String, report: ClientReport) {
        self.init(id: id, outgoing: .client(report))
    }

    /// Pairs a waiting report of either kind with its id.
    public init(id: String, outgoing: OutgoingReport) {
        self.id = id
        self.outgoing = outgoing
    }

    /// The client report, if this is one.
    public var report: ClientReport? {
        if case .client(let report) = outgoing { report } else { nil }
    }

    /// The error report, if this is one.
    public var errorReport: ErrorReport? {
        if case .error(let report) = outgoing { report } else { nil }
    }
}
