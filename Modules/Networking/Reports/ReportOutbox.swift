public import Foundation
public import Logging
import PrivateFiles

/// Client reports that could not be delivered yet (the backend was unreachable, or answered 5xx or 429), kept
/// for a later run, so a report is never lost to a bad moment.
///
/// Bounded: beyond ``limit`` reports the oldest give way, and the file counts how many did. Kept per backend
/// origin, so reports meant for one backend are never sent to another. With a file, the outbox is written
/// atomically with mode 0600 after every change; without one it lives as long as the process.
public actor ReportOutbox {
    /// The reports this outbox holds for its origin, and how many were dropped for the bound.
    public struct Snapshot: Hashable, Sendable {
        /// Oldest first.
        public var entries: [PendingReport]
        public var dropped: Int

        public var pending: [ClientReport] { entries.map(\.report) }

        public init(entries: [PendingReport] = [], dropped: Int = 0) {
            self.entries = entries
            self.dropped = dropped
        }
    }

    /// The default bound.
    public static let defaultLimit = 100

    public nonisolated let file: URL?
    public nonisolated let origin: String
    public nonisolated let limit: Int
    private let logger: Logger
    private var content: OutboxContent?

    /// - Parameters:
    ///   - file: where pending reports are kept between runs; `nil` keeps them in memory only.
    ///   - origin: the backend the reports are for, as `scheme://host:port`.
    public init(file: URL?, origin: String, limit: Int = ReportOutbox.defaultLimit, logger: Logger) {
        self.file = file
        self.origin = origin
        self.limit = max(limit, 1)
        self.logger = logger
    }

    /// The scheme, host and port of `url`, as the outbox keys its reports.
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = url.host?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// What waits for this origin now.
    public var snapshot: Snapshot {
        let content = loaded()
        return Snapshot(
            entries: content.entries.filter { $0.origin == origin }.map { PendingReport(id: $0.id, report: $0.report) },
            dropped: content.dropped[origin] ?? 0)
    }

    /// Keeps `report` for a later run under `id`; returns how many reports now wait for this origin.
    @discardableResult
    public func keep(_ report: ClientReport, id: String) -> Int {
        var content = loaded()
        guard !content.entries.contains(where: { $0.id == id }) else {
            return content.entries.filter { $0.origin == origin }.count
        }
        content.entries.append(OutboxEntry(origin: origin, id: id, report: report))
        let mine = content.entries.filter { $0.origin == origin }
        if mine.count > limit {
            let excess = Set(mine.prefix(mine.count - limit).map(\.id))
            content.entries.removeAll { excess.contains($0.id) }
            content.dropped[origin, default: 0] += excess.count
        }
        store(content)
        return min(mine.count, limit)
    }

    /// Removes the report kept under `id`, now delivered (or given up on).
    public func remove(id: String) {
        var content = loaded()
        guard let index = content.entries.firstIndex(where: { $0.id == id }) else { return }
        content.entries.remove(at: index)
        if !content.entries.contains(where: { $0.origin == origin }) {
            // Everything that waited has gone out: the count of reports lost while waiting is told, then reset.
            content.dropped[origin] = nil
        }
        store(content)
    }

    private func loaded() -> OutboxContent {
        if let content { return content }
        var read = OutboxContent()
        if let file {
            switch PrivateFile.read(file) {
            case .success(let data):
                if let decoded = try? JSONDecoder().decode(OutboxContent.self, from: data),
                    decoded.format == OutboxContent.currentFormat
                {
                    read = decoded
                } else {
                    logger.warning("the report outbox \(file.path) is not one this app wrote; it is left as it is")
                }
            case .failure(.absent):
                break
            case .failure(let problem):
                logger.warning("the report outbox cannot be used (\(problem)); reports wait in memory only")
            }
        }
        content = read
        return read
    }

    private func store(_ updated: OutboxContent) {
        content = updated
        guard let file else { return }
        do throws(PrivateFileError) {
            if updated.entries.isEmpty, updated.dropped.isEmpty {
                try PrivateFile.remove(file)
            } else {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                guard let data = try? encoder.encode(updated) else { return }
                try PrivateFile.write(data, to: file)
            }
        } catch {
            logger.warning("the report outbox could not be saved (\(error)); reports wait in memory only")
        }
    }
}

/// The outbox file: `{"format": "errorflow-report-outbox/1", "entries": [...], "dropped": {origin: count}}`.
private struct OutboxContent: Codable, Hashable {
    static let currentFormat = "errorflow-report-outbox/1"

    var format = OutboxContent.currentFormat
    var entries: [OutboxEntry] = []
    var dropped: [String: Int] = [:]
}

private struct OutboxEntry: Codable, Hashable {
    var origin: String
    /// Sent as the report's `Idempotency-Key`, so a report that reached the backend once is never counted twice.
    var id: String
    var report: ClientReport
}

/// A report waiting in the outbox, with the id it is always sent under (its `Idempotency-Key`).
public struct PendingReport: Hashable, Sendable {
    public var id: String
    public var report: ClientReport

    public init(id: String, report: ClientReport) {
        self.id = id
        self.report = report
    }
}
